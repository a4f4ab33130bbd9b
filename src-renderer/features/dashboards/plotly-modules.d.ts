// plotly.js ships no types for its partial-bundle modules; the API types come from plotly.js-dist-min.
declare module 'plotly.js/lib/core' {
  import type Plotly from 'plotly.js-dist-min'
  const core: typeof Plotly
  export default core
}

declare module 'plotly.js/lib/*' {
  import type { PlotlyModule } from 'plotly.js-dist-min'
  const trace: PlotlyModule
  export default trace
}

declare module 'plotly.js/src/traces/scattergl/strict' {
  import type { PlotlyModule } from 'plotly.js-dist-min'
  const trace: PlotlyModule
  export default trace
}
