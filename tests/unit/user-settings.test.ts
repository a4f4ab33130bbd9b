import { normalizeUserSettings } from '../../src-shared/domain/user-settings'

describe('user settings (spec §3)', () => {
  it('a missing preferred currency becomes USD', () => {
    expect(normalizeUserSettings({}).preferredCurrency).toBe('USD')
    expect(normalizeUserSettings({ preferredCurrency: null }).preferredCurrency).toBe('USD')
    expect(normalizeUserSettings({ preferredCurrency: 'XYZ' }).preferredCurrency).toBe('USD')
    expect(normalizeUserSettings({ preferredCurrency: 'eur' }).preferredCurrency).toBe('EUR')
  })

  it('the column list is accepted only when it has more than one entry', () => {
    expect(normalizeUserSettings({ compensationTableConfig: ['name'] }).compensationTableConfig).toBeNull()
    expect(normalizeUserSettings({ compensationTableConfig: [] }).compensationTableConfig).toBeNull()
    expect(
      normalizeUserSettings({ compensationTableConfig: ['name', 'manager'] }).compensationTableConfig,
    ).toEqual(['name', 'manager'])
    expect(
      normalizeUserSettings({ compensationTableConfig: 'name,manager' }).compensationTableConfig,
    ).toBeNull()
    // a list holding anything but column names is not a column list
    expect(normalizeUserSettings({ compensationTableConfig: ['name', 3] }).compensationTableConfig).toBeNull()
  })
})
