import {
  cycleGoneMessage,
  cycleRemovedWithEditsMessage,
  leftTeamsWithEditsMessage,
  movedInTooManyMessage,
  recordReplacedYoursMessage,
  removedWithEditsMessage,
} from '../../../src-shared/domain/sync'

/** What live sync tells a user when the server's changes drop or replace theirs (docs/sync.md). */
describe("live sync's notices", () => {
  it("names whose change to a company record the server kept over this desktop's", () => {
    expect(recordReplacedYoursMessage('Ada Admin', 'the pay range P3')).toBe(
      'Ada Admin also changed the pay range P3, and the server kept their change; it replaced yours, which is kept in the history.',
    )
  })

  it('counts the people moved into a planner\'s teams: "1 person", "1,234 people"', () => {
    expect(movedInTooManyMessage('Ada Admin', 1)).toBe(
      'Ada Admin moved 1 person into your teams on the server; join again to get them',
    )
    expect(movedInTooManyMessage('Ada Admin', 1234)).toBe(
      'Ada Admin moved 1,234 people into your teams on the server; join again to get them',
    )
    expect(movedInTooManyMessage('Ada Admin', 0)).toBe(
      'Ada Admin moved 0 people into your teams on the server; join again to get them',
    )
  })

  it('says which waiting changes were dropped, and why', () => {
    expect(removedWithEditsMessage('Ada Admin', 'Bo Baker')).toBe(
      'Ada Admin deleted Bo Baker on the server; your changes to them that were waiting were dropped.',
    )
    expect(cycleRemovedWithEditsMessage('Ada Admin', 'FY27 Merit')).toBe(
      'Ada Admin deleted the pay cycle configuration FY27 Merit on the server; your changes to it that were waiting were dropped.',
    )
    expect(cycleGoneMessage('FY27 Merit')).toBe(
      'The pay cycle configuration FY27 Merit was deleted on the server; your changes to it that were waiting were dropped.',
    )
    expect(leftTeamsWithEditsMessage('Ada Admin', 'Bo Baker')).toBe(
      'Ada Admin moved Bo Baker out of your teams on the server; your changes to them that were waiting were dropped.',
    )
  })
})
