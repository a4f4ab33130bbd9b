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
})
