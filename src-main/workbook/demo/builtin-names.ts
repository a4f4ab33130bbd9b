/**
 * The built-in name lists, so the demo works on a machine without any data folder. Deliberately
 * varied: apostrophes, hyphens, accents and particles, as real payroll files have them.
 */

const list = (text: string): readonly string[] => text.trim().split(/\s*,\s*/)

export const FEMALE_FIRST_NAMES = list(`
  Aaliyah, Abigail, Adaeze, Aisha, Alejandra, Amara, Ana, Anika, Beatriz, Bridget, Camila, Carmen, Chiara,
  Chloe, Claire, Daniela, Deborah, Elena, Elizabeth, Emily, Esperanza, Fatima, Freya, Grace, Hana, Harper,
  Ingrid, Isabel, Jasmine, Jennifer, Julia, Katherine, Keiko, Laila, Leah, Lucía, Maeve, Margaret, Maria,
  Mariana, Maya, Mei, Naomi, Nadia, Olivia, Patricia, Priya, Rachel, Rosa, Samantha, Sarah, Siobhan,
  Sofia, Tamara, Valentina, Victoria, Wanjiru, Ximena, Yuki, Zoë
`)

export const MALE_FIRST_NAMES = list(`
  Aarav, Abdul, Adrian, Ahmed, Alejandro, Alexander, Andre, Anthony, Benjamin, Carlos, Christopher, Daniel,
  David, Diego, Dmitri, Elijah, Emmanuel, Ethan, Felipe, Gabriel, Hiroshi, Ibrahim, Isaac, James, Javier,
  Jerome, José, Kenji, Kwame, Liam, Luis, Malik, Marcus, Mateo, Michael, Mohammed, Nathaniel, Nikolai,
  Oliver, Omar, Patrick, Rafael, Rahul, Robert, Samuel, Santiago, Sean, Søren, Tariq, Thomas, Tomasz,
  Victor, William, Xavier, Yusuf, Zachary, Bartłomiej, Connor, Darnell, Kofi
`)

export const NEUTRAL_FIRST_NAMES = list(`
  Alex, Avery, Cameron, Casey, Dakota, Drew, Emerson, Finley, Jordan, Kai, Morgan, Quinn, Reese, Riley,
  Rowan, Sage, Sam, Skyler, Taylor, Jamie
`)

export const LAST_NAMES = list(`
  Abernathy, Adeyemi, Alvarez, Andersen, Bakshi, Barnes, Becker, Bianchi, Brennan, Brooks, Castillo, Chen,
  Chowdhury, Cohen, Costa, D'Angelo, Davies, de la Cruz, Dubois, Dunn, Eriksen, Espinoza, Fernández,
  Fitzgerald, Foster, García, Gonzalez-Reyes, Gupta, Haddad, Hansen, Harris, Hernández, Hoffmann, Huang,
  Ibrahim, Ivanova, Jackson, Jensen, Johnson, Kaminski, Kapoor, Kelly, Kim, Kowalczyk, Kumar, Larsen, Le,
  Lee, Lindqvist, Lopez, MacDonald, Mahmoud, Martin, Martínez, McAllister, Mendoza, Miller, Mitchell,
  Moreau, Müller, Murphy, Nakamura, Nguyen, Novak, Nowak, Nwosu, O'Brien, O'Connor, Okafor, Olsen, Ortiz,
  Osei, Park, Patel, Pereira, Petrov, Phillips, Popescu, Quinn, Ramirez, Rao, Reyes, Richardson, Rivera,
  Robinson, Rodríguez, Rossi, Russo, Saito, Sánchez, Santos, Schmidt, Schneider, Shah, Silva, Singh,
  Smith, Sokolov, St. James, Sullivan, Suzuki, Tanaka, Taylor, Thompson, Torres, Tran, Van der Berg,
  Vargas, Wagner, Walker, Wang, Washington, Watanabe, White, Williams, Wilson, Wiśniewski, Wong, Wright,
  Yamamoto, Yilmaz, Young, Zhang, Zhou, Zieliński, Ó Súilleabháin, Abdi, Bjørnsen, Castro-Whitfield
`)

/** Nicknames that become the preferred name now and then. */
export const NICKNAMES: Readonly<Record<string, string>> = {
  Abigail: 'Abby',
  Alexander: 'Alex',
  Benjamin: 'Ben',
  Christopher: 'Chris',
  Daniel: 'Dan',
  Deborah: 'Deb',
  Elizabeth: 'Liz',
  Jennifer: 'Jen',
  Katherine: 'Kate',
  Margaret: 'Maggie',
  Michael: 'Mike',
  Nathaniel: 'Nate',
  Patricia: 'Trish',
  Robert: 'Bob',
  Samantha: 'Sam',
  Samuel: 'Sam',
  Thomas: 'Tom',
  Victoria: 'Tori',
  William: 'Bill',
  Zachary: 'Zach',
  James: 'Jim',
  Anthony: 'Tony',
  Valentina: 'Vale',
  Alejandro: 'Alex',
}
