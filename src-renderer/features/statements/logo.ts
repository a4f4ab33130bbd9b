/** The largest logo kept: three times the statement's 180 × 56 pt logo box, in pixels. */
export const LOGO_PIXELS = { width: 540, height: 168 }

/** A picture's size scaled down (never up) to fit the box, keeping its proportions; at least 1 × 1. */
export function logoSize(
  width: number,
  height: number,
  box: { width: number; height: number },
): { width: number; height: number } {
  const scale = Math.min(box.width / width, box.height / height, 1)
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}
