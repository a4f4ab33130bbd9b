import { refusedChangeMessage, replacedYoursMessage, syncStatusText } from '../../../src-shared/domain/sync'

describe('the sync status line and notices', () => {
  const now = new Date('2026-11-25T12:00:00Z')
  const base = {
    online: true,
    signedIn: true,
    waiting: 0,
    lastPulledAt: '2026-11-25T11:59:00Z',
    accessRefused: null,
  }

  it("says 'Synced', 'Syncing — …' and 'Offline — 37 changes waiting'", () => {
    expect(syncStatusText(base, now)).toBe('Synced')
    expect(syncStatusText({ ...base, waiting: 1 }, now)).toBe('Syncing — 1 change waiting')
    expect(syncStatusText({ ...base, online: false, waiting: 37 }, now)).toBe('Offline — 37 changes waiting')
    expect(syncStatusText({ ...base, signedIn: false, waiting: 1200 }, now)).toBe(
      'Not signed in — 1,200 changes waiting',
    )
  })

  it('a replica that has not synced for a day or more says so', () => {
    const stale = { ...base, online: false, waiting: 2, lastPulledAt: '2026-11-22T09:00:00Z' }
    expect(syncStatusText(stale, now)).toBe('Offline — 2 changes waiting · last synced 3 days ago')
    expect(syncStatusText({ ...stale, lastPulledAt: null }, now)).toBe(
      'Offline — 2 changes waiting · never synced',
    )
  })

  it('names whose change replaced yours, and why a change was put back', () => {
    expect(replacedYoursMessage('Ana Lopez', 'Jo Park', ['comments', 'lump_sum'])).toBe(
      "Ana Lopez changed Jo Park's Comments and Lump Sum after you; their change replaced yours, which is kept in the reward history.",
    )
    expect(refusedChangeMessage('Jo Park', 'The plan has been submitted; choices are locked.')).toBe(
      'The server refused your change to Jo Park: The plan has been submitted; choices are locked. It was put back.',
    )
  })

  it('one field is named alone; two or more end with "and"', () => {
    expect(replacedYoursMessage('Ana Lopez', 'Jo Park', ['new_salary'])).toBe(
      "Ana Lopez changed Jo Park's New Salary after you; their change replaced yours, which is kept in the reward history.",
    )
    expect(
      replacedYoursMessage('Ana Lopez', 'Jo Park', ['new_percent_bonus', 'promotion', 'new_job_profile_id']),
    ).toBe(
      "Ana Lopez changed Jo Park's Bonus %, Promotion and New Job Profile after you; their change replaced yours, which is kept in the reward history.",
    )
  })

  it('staleness counts whole days from 24 hours on', () => {
    const offline = { ...base, online: false, waiting: 2 }
    const at = (iso: string) => syncStatusText({ ...offline, lastPulledAt: iso }, now)
    // 23 h 59 min: not yet stale.
    expect(at('2026-11-24T12:01:00Z')).toBe('Offline — 2 changes waiting')
    // exactly 24 h: 1 day.
    expect(at('2026-11-24T12:00:00Z')).toBe('Offline — 2 changes waiting · last synced 1 day ago')
    // 1 day and 23 h: still 1 day (whole days, rounded down).
    expect(at('2026-11-23T13:00:00Z')).toBe('Offline — 2 changes waiting · last synced 1 day ago')
    expect(at('2026-11-23T12:00:00Z')).toBe('Offline — 2 changes waiting · last synced 2 days ago')
  })

  it('signed out, it still says how long since the last sync; a refused access says why', () => {
    expect(syncStatusText({ ...base, signedIn: false, waiting: 1, lastPulledAt: null }, now)).toBe(
      'Not signed in — 1 change waiting · never synced',
    )
    expect(syncStatusText({ ...base, signedIn: false, lastPulledAt: '2026-11-20T12:00:00Z' }, now)).toBe(
      'Not signed in — 0 changes waiting · last synced 5 days ago',
    )
    expect(
      syncStatusText({ ...base, waiting: 3, accessRefused: 'Your access to this company was removed.' }, now),
    ).toBe('Not syncing — Your access to this company was removed.')
  })

  it('a replica the feed cannot keep up to date (an import on the server) says to join again, whatever else it says', () => {
    const rejoinReason = 'The company was re-imported on the server; join again to get it'
    expect(syncStatusText({ ...base, rejoinReason }, now)).toBe(`Synced · ${rejoinReason}`)
    expect(syncStatusText({ ...base, online: false, waiting: 2, rejoinReason }, now)).toBe(
      `Offline — 2 changes waiting · ${rejoinReason}`,
    )
  })
})
