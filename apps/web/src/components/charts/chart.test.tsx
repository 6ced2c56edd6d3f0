import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { axisLabels, Chart, type ChartSeries } from './chart';
import { ChartFigure } from './chart-figure';
import {
  colourOf,
  dashOf,
  groupedBarLeft,
  groupedBarWidth,
  movePoint,
  seriesAt,
  seriesColours,
  stackOf,
} from './chart-geometry';
import { ChartTable } from './chart-table';

const categories = ['2024', '2025', '2026'];
const series: ChartSeries[] = [
  { key: 'europe', label: 'Europe', values: [1200, 1350, 1412] },
  { key: 'americas', label: 'Americas', values: [300, null, 325] },
];
const money = (value: number) => `CHF ${value.toFixed(2)}`;

/** The text of rendered markup, tags dropped and entities read. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/** Every element of a tree that renders no hooks (the table), its components called as React would. */
function elementsOf(node: ReactNode): ReactElement<Record<string, unknown>>[] {
  if (Array.isArray(node)) return node.flatMap(elementsOf);
  if (!isValidElement<Record<string, unknown>>(node)) return [];
  if (typeof node.type === 'function') {
    const render = node.type as (props: unknown) => ReactNode;
    return [node, ...elementsOf(render(node.props))];
  }
  return [node, ...elementsOf(node.props.children as ReactNode)];
}

describe('Chart', () => {
  it('is a focusable figure named by its title, with a caption and a legend', () => {
    const html = renderToString(
      <Chart
        title="Members by region"
        kind="stacked-bar"
        categories={categories}
        series={series}
      />,
    );
    expect(html).toMatch(/<figure[^>]*aria-label="Members by region"/);
    expect(html).toMatch(/<figure[^>]*tabindex="0"/);
    expect(html).toContain('<figcaption');
    expect(textOf(html)).toContain('Europe');
    expect(textOf(html)).toContain('Americas');
    // Drawn after mount, on the client only.
    expect(html).toContain('data-chart-state="pending"');
  });

  it('says how to reach the records when it drills down', () => {
    const withSelect = renderToString(
      <Chart
        title="Growth"
        kind="bar"
        categories={categories}
        series={series}
        onSelect={() => {}}
      />,
    );
    expect(textOf(withSelect)).toContain('Enter opens the records behind a value');
    const without = renderToString(
      <Chart title="Growth" kind="bar" categories={categories} series={series} />,
    );
    expect(textOf(without)).not.toContain('Enter opens');
  });
});

describe('ChartTable', () => {
  it('holds the same numbers as the chart, formatted the same, a dash for no value', () => {
    const html = renderToString(
      <ChartTable
        title="Revenue"
        categories={categories}
        series={series}
        formatValue={money}
        categoryHeader="Year"
      />,
    );
    const text = textOf(html);
    expect(html).toContain('<caption');
    expect(text).toContain('Revenue');
    for (const header of ['Year', 'Europe', 'Americas'])
      expect(html).toMatch(new RegExp(`<th scope="col"[^>]*>${header}</th>`));
    expect(text).toContain('2024 CHF 1200.00 CHF 300.00');
    expect(text).toContain('2025 CHF 1350.00 –');
    expect(text).toContain('2026 CHF 1412.00 CHF 325.00');
  });

  it('calls onSelect with the category index and the series key from a cell', () => {
    const onSelect = vi.fn();
    const buttons = elementsOf(
      <ChartTable title="Revenue" categories={categories} series={series} onSelect={onSelect} />,
    ).filter((element) => element.type === 'button');
    // One per value: the missing 2025 Americas value is no button.
    expect(buttons).toHaveLength(5);
    const cell = buttons.find((button) => button.props['aria-label'] === '325: Americas, 2026');
    expect(cell).toBeDefined();
    (cell?.props.onClick as () => void)();
    expect(onSelect).toHaveBeenCalledWith({ index: 2, seriesKey: 'americas' });
  });

  it('links a cell to its records when given their URL', () => {
    const html = renderToString(
      <MemoryRouter>
        <ChartTable
          title="Revenue"
          categories={categories}
          series={series}
          hrefOf={({ index, seriesKey }) =>
            `/members?region=${seriesKey}&year=${categories[index]}`
          }
        />
      </MemoryRouter>,
    );
    expect(html).toContain('href="/members?region=europe&amp;year=2024"');
    expect(html).not.toContain('href="/members?region=americas&amp;year=2025"');
  });
});

describe('ChartFigure', () => {
  it('keeps the table in the page, folded, with a "Show table" toggle', () => {
    const html = renderToString(
      <MemoryRouter>
        <ChartFigure
          title="Receivables ageing"
          kind="bar"
          categories={categories}
          series={series}
        />
      </MemoryRouter>,
    );
    expect(html).toMatch(/aria-expanded="false"[^>]*>Show table</);
    expect(html).toMatch(/class="sr-only[^"]*"><div><table/);
    expect(textOf(html)).toContain('2026 1,412 325');
  });

  it('shows the table when asked to', () => {
    const html = renderToString(
      <MemoryRouter>
        <ChartFigure
          title="Ageing"
          kind="bar"
          categories={categories}
          series={series}
          isTableShownAtFirst
        />
      </MemoryRouter>,
    );
    expect(html).toMatch(/aria-expanded="true"[^>]*>Hide table</);
    expect(html).not.toContain('sr-only focus-within');
  });
});

describe('the value axis', () => {
  it('drops the zero cents of round ticks, and only when all are round', () => {
    expect(axisLabels(['CHF\u00a00.00', 'CHF\u00a050,000.00'])).toEqual([
      'CHF\u00a00',
      'CHF\u00a050,000',
    ]);
    expect(axisLabels(['CHF 0.00', 'CHF 0.50'])).toEqual(['CHF 0.00', 'CHF 0.50']);
    expect(axisLabels(['0', '20%'])).toEqual(['0', '20%']);
  });
});

describe('chart geometry', () => {
  it('colours series from the Okabe–Ito palette and dashes lines differently', () => {
    expect(seriesColours).toHaveLength(8);
    expect(new Set(seriesColours.map((colour) => colour.toUpperCase())).size).toBe(8);
    expect(colourOf(0)).toBe('#0072B2');
    expect(colourOf(8)).toBe(colourOf(0));
    // The rest, folded together, is grey whatever its place.
    expect(colourOf(6, 'other')).toBe('#999999');
    const dashes = [0, 1, 2, 3].map((index) => dashOf(index).join(','));
    expect(new Set(dashes).size).toBe(4);
  });

  it('places grouped bars side by side within their category', () => {
    expect(groupedBarWidth(2)).toBeCloseTo(0.4);
    expect(groupedBarLeft(3, 0, 2)).toBeCloseTo(2.6);
    expect(groupedBarLeft(3, 1, 2)).toBeCloseTo(3.0);
  });

  it('stacks series on each other, a missing value adding nothing', () => {
    const { bases, tops } = stackOf([
      [1, 2, null],
      [3, null, 4],
    ]);
    expect(bases).toEqual([
      [0, 0, null],
      [1, null, 0],
    ]);
    expect(tops).toEqual([
      [1, 2, null],
      [4, null, 4],
    ]);
  });

  it('finds the series under the pointer', () => {
    const values = [
      [10, 20],
      [5, 30],
    ];
    // Grouped: the left half of the group is the first series.
    expect(seriesAt('bar', values, 1, 0.7, 1)).toBe(0);
    expect(seriesAt('bar', values, 1, 1.3, 1)).toBe(1);
    // Stacked: 20 + 30 at index 1; y 25 is in the second segment, 60 above the stack.
    expect(seriesAt('stacked-bar', values, 1, 1, 10)).toBe(0);
    expect(seriesAt('stacked-bar', values, 1, 1, 25)).toBe(1);
    expect(seriesAt('stacked-bar', values, 1, 1, 60)).toBe(1);
    // Lines: the closest value.
    expect(seriesAt('line', values, 0, 0, 6)).toBe(1);
    expect(seriesAt('line', [[null], [null]], 0, 0, 6)).toBeNull();
  });

  it('moves the keyboard cursor within the chart', () => {
    const start = { index: 0, seriesIndex: 0 };
    expect(movePoint(start, 'ArrowLeft', 3, 2)).toEqual(start);
    expect(movePoint(start, 'ArrowRight', 3, 2)).toEqual({ index: 1, seriesIndex: 0 });
    expect(movePoint(start, 'End', 3, 2)).toEqual({ index: 2, seriesIndex: 0 });
    expect(movePoint(start, 'ArrowUp', 3, 2)).toEqual({ index: 0, seriesIndex: 1 });
    expect(movePoint({ index: 0, seriesIndex: 1 }, 'ArrowUp', 3, 2)).toEqual({
      index: 0,
      seriesIndex: 1,
    });
    expect(movePoint(start, 'a', 3, 2)).toBeNull();
  });
});
