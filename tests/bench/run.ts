/**
 * `npm run bench [-- <name>…]`: benchmarks that print figures. Speed and memory targets are read
 * from these numbers, never asserted in tests.
 */
import { workbookBench } from './workbook'

const BENCHES: Record<string, () => Promise<void>> = {
  workbook: workbookBench,
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'))
  const unknown = wanted.filter((name) => !BENCHES[name])
  if (unknown.length > 0) {
    console.error(`Unknown benchmark ${unknown.join(', ')}. Known: ${Object.keys(BENCHES).join(', ')}`)
    process.exit(2)
  }
  for (const name of wanted.length > 0 ? wanted : Object.keys(BENCHES)) {
    console.log(`\n## ${name}`)
    await BENCHES[name]()
  }
}

void main()
