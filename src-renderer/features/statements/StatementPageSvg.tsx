import type { StatementPage } from '../../../src-shared/domain/statements/layout'

/**
 * One statement page drawn from the layout's operations, with the font the PDF embeds (DejaVu Sans,
 * loaded by statements.css): the preview places every line where the PDF places it.
 */
export function StatementPageSvg({ page, index }: { page: StatementPage; index: number }) {
  return (
    <svg
      className="statement-page"
      viewBox={`0 0 ${page.width} ${page.height}`}
      role="img"
      aria-label={`Page ${index + 1}`}
      data-testid="statement-preview-page"
    >
      <rect x={0} y={0} width={page.width} height={page.height} fill="#ffffff" />
      {page.ops.map((op, i) => {
        if (op.kind === 'rect')
          return <rect key={i} x={op.x} y={op.y} width={op.width} height={op.height} fill={op.color} />
        if (op.kind === 'image')
          return (
            <image
              key={i}
              href={op.src}
              x={op.x}
              y={op.y}
              width={op.width}
              height={op.height}
              preserveAspectRatio="none"
            />
          )
        return (
          <text
            key={i}
            x={op.x}
            y={op.y}
            fontSize={op.size}
            fill={op.color}
            className={op.font === 'bold' ? 'statement-text statement-text--bold' : 'statement-text'}
            xmlSpace="preserve"
          >
            {op.text}
          </text>
        )
      })}
    </svg>
  )
}
