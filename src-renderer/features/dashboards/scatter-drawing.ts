import type { DashboardSummary } from '../../../src-shared/contract'
import { evenSample } from '../../../src-shared/domain/statistics'

type Scatter = DashboardSummary['scatter']

/** Up to this many points the scatter draws in SVG; past it with WebGL (SVG slows down past a few thousand). */
export const WEBGL_ABOVE = 2_000

/**
 * Renderers that draw WebGL on the processor, not a graphics card: Chromium's SwiftShader (no GPU, or
 * GPU blocklisted), Mesa's llvmpipe and softpipe (Linux without a GPU driver), Windows' WARP
 * ("Microsoft Basic Render Driver", remote and virtual desktops).
 */
const SOFTWARE_RENDERERS = /swiftshader|llvmpipe|softpipe|software|basic render driver/i

/** Whether a WebGL renderer's name is one of the software renderers above. */
export function isSoftwareRenderer(renderer: string): boolean {
  return SOFTWARE_RENDERERS.test(renderer)
}

let softwareGraphics: boolean | undefined

/**
 * Whether this window has no hardware WebGL: none at all, or a software renderer. There, a WebGL
 * chart costs one to two seconds to set up whatever its size (measured in Chromium with SwiftShader),
 * more than the SVG of a few thousand points. Asked once per page.
 */
export function drawsWithSoftwareGraphics(): boolean {
  if (softwareGraphics !== undefined) return softwareGraphics
  const gl = document.createElement('canvas').getContext('webgl')
  if (!gl) return (softwareGraphics = true)
  const info = gl.getExtension('WEBGL_debug_renderer_info')
  const renderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER))
  gl.getExtension('WEBGL_lose_context')?.loseContext()
  return (softwareGraphics = isSoftwareRenderer(renderer))
}

export interface ScatterDrawing {
  /** The points drawn: the summary's, or an even sample of them. */
  scatter: Scatter
  webgl: boolean
}

/**
 * How the scatter draws: SVG up to WEBGL_ABOVE points; past it WebGL, or, without hardware WebGL, SVG
 * with an even sample of WEBGL_ABOVE of the points (the card says how many are drawn; the figures
 * below it count everyone).
 */
export function scatterDrawing(scatter: Scatter, softwareGraphics: boolean): ScatterDrawing {
  if (scatter.shown <= WEBGL_ABOVE) return { scatter, webgl: false }
  if (!softwareGraphics) return { scatter, webgl: true }
  const picks = evenSample(scatter.shown, WEBGL_ABOVE)
  const pick = <T>(values: readonly T[]) => picks.map((i) => values[i])
  return {
    scatter: {
      ...scatter,
      shown: picks.length,
      ids: pick(scatter.ids),
      companyEmployeeIds: pick(scatter.companyEmployeeIds),
      names: pick(scatter.names),
      compaRatios: pick(scatter.compaRatios),
      increases: pick(scatter.increases),
    },
    webgl: false,
  }
}
