import type { Data, Layout } from 'plotly.js-dist-min'
import createPlotlyComponent from 'react-plotly.js/factory'
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react'
import type { CompaGroup, DashboardSummary } from '../../../src-shared/contract'
import type { GaugeSize } from '../../../src-shared/domain/budget-used'
import {
  budgetFlowData,
  budgetFlowLayout,
  chartConfig,
  compaBoxData,
  compaBoxLayout,
  distributionData,
  distributionLayout,
  FLOW_CHART,
  gaugeData,
  gaugeLayout,
  GAUGE_PIXELS,
  payInRangeData,
  payInRangeLayout,
  scatterData,
  scatterLayout,
} from './figures'
import Plotly from './plotly'
import type { ScatterDrawing } from './scatter-drawing'

/**
 * The dashboards' Plotly charts: this module, and Plotly with it, loads only when a dashboard draws
 * (the cards import it lazily through `lazy-charts.ts`), so the table and the other pages never pay for it.
 */

const Plot = createPlotlyComponent(Plotly)

interface ChartProps {
  data: Data[]
  layout: Partial<Layout>
  /** The PNG download's file name. */
  filename: string
  height: number
  onPointClick?: (point: { pointIndex: number; customdata: unknown }) => void
  /** The graph div once drawn (for the minimap's picture). */
  onDrawn?: (graph: HTMLElement) => void
  width?: number
}

interface PlotClick {
  points?: { pointIndex?: number; pointNumber?: number; customdata?: unknown }[]
}

/** One Plotly chart: drawn, or its error said in place (the figures stay readable beside it). */
function Chart({ data, layout, filename, height, onPointClick, onDrawn, width }: ChartProps) {
  const [error, setError] = useState<string | null>(null)
  // How many times Plotly drew or laid out the chart (the first draw, the resize handler's fit to
  // the card, each update): `data-draws`.
  const [draws, setDraws] = useState(0)
  // One object per chart: react-plotly draws again whenever data, layout or config is a new object.
  const config = useMemo(() => chartConfig(filename), [filename])
  const onClick = useCallback(
    (event: PlotClick) => {
      const point = event.points?.[0]
      if (!point || !onPointClick) return
      onPointClick({ pointIndex: point.pointIndex ?? point.pointNumber ?? -1, customdata: point.customdata })
    },
    [onPointClick],
  )
  const ready = useCallback(
    (_figure: unknown, graph: HTMLElement) => {
      setDraws((n) => n + 1)
      onDrawn?.(graph)
    },
    [onDrawn],
  )
  if (error) {
    return (
      <p className="inline-error" role="alert" data-testid="chart-error">
        This chart could not be drawn: {error}
      </p>
    )
  }
  return (
    <div className="chart" data-state={draws > 0 ? 'drawn' : 'drawing'} data-draws={draws}>
      <Plot
        data={data}
        layout={layout}
        config={config}
        useResizeHandler={width === undefined}
        style={{ width: width === undefined ? '100%' : `${width}px`, height: `${height}px` }}
        onInitialized={ready}
        onUpdate={ready}
        onClick={onPointClick ? onClick : undefined}
        onError={(e) => setError(e.message)}
      />
    </div>
  )
}

export function CompaBoxChart({ groups }: { groups: readonly CompaGroup[] }) {
  const data = useMemo(() => compaBoxData(groups), [groups])
  const layout = useMemo(() => compaBoxLayout(), [])
  return <Chart data={data} layout={layout} filename="compa-ratio-box-plots" height={360} />
}

export function BudgetGauge({
  budgetUsed,
  size,
}: {
  budgetUsed: DashboardSummary['budgetUsed']
  size: GaugeSize
}) {
  const data = useMemo(() => gaugeData(budgetUsed), [budgetUsed])
  const layout = useMemo(() => gaugeLayout(size), [size])
  const pixels = GAUGE_PIXELS[size]
  return (
    <Chart
      data={data}
      layout={layout}
      filename="budget-used"
      height={pixels.height}
      width={pixels.width ?? undefined}
    />
  )
}

export function DistributionChart({ increases }: { increases: DashboardSummary['increases'] }) {
  const data = useMemo(() => distributionData(increases.histogram), [increases.histogram])
  const layout = useMemo(() => distributionLayout(increases), [increases])
  return <Chart data={data} layout={layout} filename="salary-increase-distribution" height={300} />
}

export function IncreaseScatter({
  drawing,
  onOpen,
}: {
  drawing: ScatterDrawing
  onOpen: (companyEmployeeId: string) => void
}) {
  const { scatter } = drawing
  const data = useMemo(() => scatterData(drawing), [drawing])
  const layout = useMemo(() => scatterLayout(), [])
  const onPointClick = useCallback(
    (point: { pointIndex: number }) => {
      const id = scatter.companyEmployeeIds[point.pointIndex]
      if (id !== undefined) onOpen(id)
    },
    [scatter, onOpen],
  )
  return (
    <Chart
      data={data}
      layout={layout}
      filename="increase-vs-compa-ratio"
      height={340}
      onPointClick={onPointClick}
    />
  )
}

export function PayInRangeChart({ payInRange }: { payInRange: DashboardSummary['payInRange'] }) {
  const data = useMemo(() => payInRangeData(payInRange), [payInRange])
  const layout = useMemo(() => payInRangeLayout(), [])
  return <Chart data={data} layout={layout} filename="pay-in-range" height={300} />
}

const MINIMAP_SCALE = FLOW_CHART.minimapWidth / FLOW_CHART.width
const MINIMAP_HEIGHT = Math.round(FLOW_CHART.height * MINIMAP_SCALE)
const SCROLL_STEP = 120

interface Frame {
  left: number
  top: number
  width: number
  height: number
}

/**
 * The budget flow diagram at 1700 × 1650 in a scrolling viewport, with its minimap (spec §9: scale
 * 150): a 150-pixel picture of the whole chart and a frame for what the viewport shows; clicking or
 * dragging on it, or its arrow keys, move the viewport.
 */
export function BudgetFlowChart({
  flow,
  toUnits,
  format,
}: {
  flow: DashboardSummary['budgetFlow']
  toUnits: (cents: number) => number
  format: (cents: number) => string
}) {
  const data = useMemo(() => budgetFlowData(flow, toUnits, format), [flow, toUnits, format])
  const layout = useMemo(() => budgetFlowLayout(), [])
  const viewport = useRef<HTMLDivElement | null>(null)
  const [picture, setPicture] = useState<string | null>(null)
  const [frame, setFrame] = useState<Frame>({
    left: 0,
    top: 0,
    width: FLOW_CHART.minimapWidth,
    height: MINIMAP_HEIGHT,
  })

  const syncFrame = useCallback(() => {
    const el = viewport.current
    if (!el) return
    setFrame({
      left: el.scrollLeft * MINIMAP_SCALE,
      top: el.scrollTop * MINIMAP_SCALE,
      width: Math.min(FLOW_CHART.minimapWidth, el.clientWidth * MINIMAP_SCALE),
      height: Math.min(MINIMAP_HEIGHT, el.clientHeight * MINIMAP_SCALE),
    })
  }, [])

  useEffect(() => {
    const el = viewport.current
    // Sankey labels sit at their nodes' middles, and the first levels' nodes are as tall as the
    // chart: the view opens on the middle rather than on bands without a label.
    if (el) el.scrollTop = Math.max(0, (el.scrollHeight - el.clientHeight) / 2)
    syncFrame()
    if (!el) return
    const observer = new ResizeObserver(syncFrame)
    observer.observe(el)
    return () => observer.disconnect()
  }, [syncFrame])

  const onDrawn = useCallback((graph: HTMLElement) => {
    void Plotly.toImage(graph, {
      format: 'png',
      width: FLOW_CHART.width,
      height: FLOW_CHART.height,
      scale: MINIMAP_SCALE,
    }).then(setPicture, () => setPicture(null))
  }, [])

  const centreOn = (x: number, y: number) => {
    const el = viewport.current
    if (!el) return
    el.scrollTo({
      left: x / MINIMAP_SCALE - el.clientWidth / 2,
      top: y / MINIMAP_SCALE - el.clientHeight / 2,
    })
  }
  const onPointer = (event: PointerEvent<HTMLDivElement>) => {
    if (event.type === 'pointermove' && event.buttons !== 1) return
    const box = event.currentTarget.getBoundingClientRect()
    if (event.type === 'pointerdown') event.currentTarget.setPointerCapture(event.pointerId)
    centreOn(event.clientX - box.left, event.clientY - box.top)
  }
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-SCROLL_STEP, 0],
      ArrowRight: [SCROLL_STEP, 0],
      ArrowUp: [0, -SCROLL_STEP],
      ArrowDown: [0, SCROLL_STEP],
    }
    const move = moves[event.key]
    if (!move) return
    event.preventDefault()
    viewport.current?.scrollBy({ left: move[0], top: move[1] })
  }

  return (
    <div className="flow">
      <div className="flow__viewport" ref={viewport} onScroll={syncFrame} data-testid="budget-flow-viewport">
        <Chart
          data={data}
          layout={layout}
          filename="budget-flow"
          height={FLOW_CHART.height}
          width={FLOW_CHART.width}
          onDrawn={onDrawn}
        />
      </div>
      <div
        className="flow__minimap"
        role="slider"
        tabIndex={0}
        aria-label="Minimap: move the budget flow view with the arrow keys"
        aria-valuetext={`Showing from ${Math.round(frame.left / MINIMAP_SCALE)} px across, ${Math.round(frame.top / MINIMAP_SCALE)} px down`}
        data-testid="budget-flow-minimap"
        style={{ width: FLOW_CHART.minimapWidth, height: MINIMAP_HEIGHT }}
        onPointerDown={onPointer}
        onPointerMove={onPointer}
        onKeyDown={onKey}
      >
        {picture && <img src={picture} alt="" width={FLOW_CHART.minimapWidth} height={MINIMAP_HEIGHT} />}
        <span
          className="flow__frame"
          style={{ left: frame.left, top: frame.top, width: frame.width, height: frame.height }}
        />
      </div>
    </div>
  )
}
