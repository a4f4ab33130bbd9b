import { AllCommunityModule, ModuleRegistry, themeQuartz } from 'ag-grid-community'

// AG Grid v33+ ships no features until modules are registered. All community modules: the table
// will grow into editing, filters and column moving, and a desktop app does not count kilobytes.
ModuleRegistry.registerModules([AllCommunityModule])

/** The theming API (v33+): Quartz, following the app's font and accent colour. */
export const gridTheme = themeQuartz.withParams({
  fontFamily: 'inherit',
  fontSize: 13,
  accentColor: '#2f5bd3',
  headerFontWeight: 600,
  wrapperBorderRadius: 8,
})
