/** A page not built yet: its title and a plain note, never a broken screen. */
export function ComingSoonPage({ label }: { label: string }) {
  return (
    <section className="page" aria-labelledby="coming-soon-title" data-testid="coming-soon">
      <h1 id="coming-soon-title" className="page__title">
        {label}
      </h1>
      <p className="empty-state">{label} is coming soon.</p>
    </section>
  )
}
