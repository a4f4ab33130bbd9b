/** Departments (divisions) and their job families, with titles by grade. */

export interface JobFamily {
  code: string
  name: string
  /** Titles for P1..P5. */
  titles: readonly string[]
  /** Titles for H1..H3. */
  hourlyTitles: readonly string[]
  /** The noun in manager titles: 'Director, {noun}'. */
  managerNoun: string
}

export interface Department {
  name: string
  familyGroup: string
  families: readonly JobFamily[]
  /** The title of its head, a direct report of the CEO. */
  headTitle: string
  /** Share of its individual contributors paid by the hour. */
  hourlyShare: number
  /** Sales staff carry a dollar (commission-like) bonus instead of a percent. */
  dollarBonus: boolean
}

function family(
  code: string,
  name: string,
  managerNoun: string,
  titles: string,
  hourlyTitles: string,
): JobFamily {
  const split = (list: string) => list.split(' | ')
  return { code, name, managerNoun, titles: split(titles), hourlyTitles: split(hourlyTitles) }
}

export const EXECUTIVE_DEPARTMENT: Department = {
  name: 'Executive Office',
  familyGroup: 'General & Administrative',
  families: [
    family(
      'EXE',
      'Executive',
      'Executive Operations',
      'Executive Assistant | Senior Executive Assistant | Executive Business Partner | Chief of Staff | Senior Advisor, Strategy',
      'Office Assistant | Receptionist | Office Coordinator',
    ),
  ],
  headTitle: 'Chief Executive Officer',
  hourlyShare: 0.15,
  dollarBonus: false,
}

/** Divisions in the order the CEO's managing direct reports take them. */
export const DEPARTMENTS: readonly Department[] = [
  {
    name: 'Engineering',
    familyGroup: 'Technology',
    families: [
      family(
        'SWE',
        'Software Engineering',
        'Software Engineering',
        'Software Engineer I | Software Engineer II | Senior Software Engineer | Staff Software Engineer | Principal Software Engineer',
        'QA Technician I | QA Technician II | Senior QA Technician',
      ),
      family(
        'DAT',
        'Data Science',
        'Data Science',
        'Data Analyst | Data Scientist | Senior Data Scientist | Staff Data Scientist | Principal Data Scientist',
        'Data Entry Clerk | Data Technician | Senior Data Technician',
      ),
      family(
        'ITS',
        'Information Technology',
        'IT',
        'IT Analyst | Systems Administrator | Senior Systems Administrator | Lead Systems Engineer | Principal Systems Architect',
        'IT Support Technician I | IT Support Technician II | Senior IT Support Technician',
      ),
    ],
    headTitle: 'Chief Technology Officer',
    hourlyShare: 0.1,
    dollarBonus: false,
  },
  {
    name: 'Sales',
    familyGroup: 'Go-To-Market',
    families: [
      family(
        'SAL',
        'Sales',
        'Sales',
        'Sales Development Representative | Account Executive | Senior Account Executive | Enterprise Account Executive | Strategic Account Director',
        'Inside Sales Associate | Inside Sales Representative | Senior Inside Sales Representative',
      ),
    ],
    headTitle: 'Chief Revenue Officer',
    hourlyShare: 0.15,
    dollarBonus: true,
  },
  {
    name: 'People',
    familyGroup: 'General & Administrative',
    families: [
      family(
        'HRS',
        'Human Resources',
        'Human Resources',
        'HR Coordinator | HR Generalist | HR Business Partner | Senior HR Business Partner | Principal HR Business Partner',
        'HR Assistant | Payroll Clerk | Senior Payroll Clerk',
      ),
      family(
        'TAL',
        'Talent Acquisition',
        'Talent Acquisition',
        'Recruiting Coordinator | Recruiter | Senior Recruiter | Lead Recruiter | Principal Recruiter',
        'Recruiting Assistant | Onboarding Specialist | Senior Onboarding Specialist',
      ),
    ],
    headTitle: 'Chief People Officer',
    hourlyShare: 0.12,
    dollarBonus: false,
  },
  {
    name: 'Operations',
    familyGroup: 'Operations',
    families: [
      family(
        'OPS',
        'Operations',
        'Operations',
        'Operations Analyst | Operations Specialist | Senior Operations Specialist | Operations Lead | Principal Operations Analyst',
        'Warehouse Associate | Fulfillment Specialist | Senior Fulfillment Specialist',
      ),
      family(
        'FAC',
        'Facilities',
        'Facilities',
        'Facilities Coordinator | Facilities Specialist | Senior Facilities Specialist | Facilities Lead | Principal Facilities Planner',
        'Facilities Technician | Maintenance Technician | Senior Maintenance Technician',
      ),
    ],
    headTitle: 'Chief Operating Officer',
    hourlyShare: 0.5,
    dollarBonus: false,
  },
  {
    name: 'Customer Support',
    familyGroup: 'Operations',
    families: [
      family(
        'SUP',
        'Customer Support',
        'Customer Support',
        'Support Specialist | Senior Support Specialist | Support Engineer | Senior Support Engineer | Principal Support Engineer',
        'Customer Support Associate | Customer Support Representative | Senior Customer Support Representative',
      ),
    ],
    headTitle: 'Senior Vice President, Customer Support',
    hourlyShare: 0.55,
    dollarBonus: false,
  },
  {
    name: 'Finance',
    familyGroup: 'General & Administrative',
    families: [
      family(
        'FIN',
        'Finance',
        'Finance',
        'Staff Accountant | Financial Analyst | Senior Financial Analyst | Lead Financial Analyst | Principal Financial Analyst',
        'Accounts Payable Clerk | Billing Specialist | Senior Billing Specialist',
      ),
    ],
    headTitle: 'Chief Financial Officer',
    hourlyShare: 0.15,
    dollarBonus: false,
  },
  {
    name: 'Marketing',
    familyGroup: 'Go-To-Market',
    families: [
      family(
        'MKT',
        'Marketing',
        'Marketing',
        'Marketing Coordinator | Marketing Specialist | Senior Marketing Specialist | Lead Marketing Strategist | Principal Marketing Strategist',
        'Event Assistant | Content Assistant | Senior Content Assistant',
      ),
    ],
    headTitle: 'Chief Marketing Officer',
    hourlyShare: 0.1,
    dollarBonus: false,
  },
  {
    name: 'Product',
    familyGroup: 'Technology',
    families: [
      family(
        'PRD',
        'Product Management',
        'Product Management',
        'Associate Product Manager | Product Manager | Senior Product Manager | Lead Product Manager | Principal Product Manager',
        'Product Operations Assistant | Product Operations Associate | Senior Product Operations Associate',
      ),
      family(
        'DES',
        'Design',
        'Design',
        'Product Designer I | Product Designer II | Senior Product Designer | Staff Product Designer | Principal Product Designer',
        'Design Assistant | Production Artist | Senior Production Artist',
      ),
    ],
    headTitle: 'Chief Product Officer',
    hourlyShare: 0.05,
    dollarBonus: false,
  },
  {
    name: 'Legal',
    familyGroup: 'General & Administrative',
    families: [
      family(
        'LEG',
        'Legal',
        'Legal',
        'Legal Analyst | Legal Counsel | Senior Legal Counsel | Lead Counsel | Principal Counsel',
        'Legal Assistant | Records Clerk | Senior Legal Assistant',
      ),
    ],
    headTitle: 'General Counsel',
    hourlyShare: 0.2,
    dollarBonus: false,
  },
]
