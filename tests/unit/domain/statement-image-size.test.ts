import { imageSize } from '../../../src-shared/domain/statements/layout'

/** A PNG's first 24 bytes: the signature, the IHDR chunk's length and type, width and height. */
function png(width: number, height: number, length = 24): Uint8Array {
  const bytes = new Uint8Array(length)
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
  const view = new DataView(bytes.buffer)
  if (length >= 20) view.setUint32(16, width)
  if (length >= 24) view.setUint32(20, height)
  return bytes
}

/** A JPEG segment: marker, then a two-byte length counting itself and `body`. */
const segment = (marker: number, body: number[]) => [0xff, marker, 0, body.length + 2, ...body]
/** A start-of-frame body: precision, height, width, one component. */
const frame = (width: number, height: number) => [
  8,
  height >> 8,
  height & 255,
  width >> 8,
  width & 255,
  1,
  1,
  0x11,
  0,
]
const jpeg = (...segments: number[][]) => Uint8Array.from([0xff, 0xd8, ...segments.flat()])

describe('the size of a statement logo', () => {
  it('reads a PNG of exactly its 24 header bytes, sizes past 2^31 included', () => {
    expect(imageSize(png(2, 3))).toEqual({ width: 2, height: 3 })
    expect(imageSize(png(2 ** 31 + 5, 7, 40))).toEqual({ width: 2 ** 31 + 5, height: 7 })
  })

  it('is no PNG when a signature byte differs or the header is cut short', () => {
    for (let i = 0; i < 4; i++) {
      const bytes = png(2, 3)
      bytes[i] ^= 0x20
      expect(imageSize(bytes)).toBeNull()
    }
    const cut = png(2, 3).slice(0, 23)
    cut[22] = 1 // a height that would read as 256 if the missing byte counted as 0
    expect(imageSize(cut)).toBeNull()
  })

  it('a PNG or JPEG with no width or no height has no size', () => {
    expect(imageSize(png(0, 3))).toBeNull()
    expect(imageSize(png(2, 0))).toBeNull()
    expect(imageSize(jpeg(segment(0xc0, frame(0, 30))))).toBeNull()
    expect(imageSize(jpeg(segment(0xc0, frame(40, 0))))).toBeNull()
  })

  it('reads the start-of-frame of a JPEG after the segments before it (APP0, DHT, JPG, DAC)', () => {
    const app0 = segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0])
    const dht = segment(0xc4, [0, 9, 9, 9, 9, 9, 9, 9, 9, 9])
    const jpg = segment(0xc8, [9, 9, 9, 9, 9, 9, 9, 9, 9, 9])
    const dac = segment(0xcc, [9, 9, 9, 9, 9, 9, 9, 9, 9, 9])
    expect(imageSize(jpeg(app0, dht, jpg, dac, segment(0xc0, frame(640, 480))))).toEqual({
      width: 640,
      height: 480,
    })
    // progressive (C2) and the last frame marker (CF) are frames too
    expect(imageSize(jpeg(segment(0xc2, frame(40, 30))))).toEqual({ width: 40, height: 30 })
    expect(imageSize(jpeg(segment(0xcf, frame(40, 30))))).toEqual({ width: 40, height: 30 })
  })

  it('is no JPEG without its start marker FF D8, or when a segment does not start with FF', () => {
    const sof = segment(0xc0, frame(40, 30))
    expect(imageSize(Uint8Array.from([0x00, 0xd8, ...sof]))).toBeNull()
    expect(imageSize(Uint8Array.from([0xff, 0x00, ...sof]))).toBeNull()
    expect(imageSize(Uint8Array.from([0xff, 0xd8, 0x00, ...sof.slice(1)]))).toBeNull()
    expect(imageSize(Uint8Array.from([1, 2, 3]))).toBeNull()
  })
})
