import {
  columnFacetingFeature,
  columnFilteringFeature,
  columnVisibilityFeature,
  constructFilterFn,
  createFacetedRowModel,
  createFacetedUniqueValues,
  createFilteredRowModel,
  createSortedRowModel,
  filterFn_arrHas,
  filterFn_arrIncludesSome,
  globalFilteringFeature,
  metaHelper,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  tableFeatures,
} from '@tanstack/react-table';

// The features every viewer table registers (v9 tree-shakes what is not listed).

export interface ViewerColumnMeta {
  /** Header text for filters and labels when `header` renders markup. */
  label?: string;
  /** A faceted filter for this column; its URL query key is the column id. */
  facet?: boolean;
  /** Width as a CSS length for the fixed table layout. */
  width?: string;
}

/** Global search over the row's precomputed lower-case `search` text. */
export const searchText = constructFilterFn({
  filter: (_value: unknown, query: string, row) => (row.original as { search: string }).search.includes(query),
  resolveFilterValue: (v: unknown) => String(v ?? '').trim().toLowerCase(),
  autoRemove: (v: unknown) => String(v ?? '').trim() === '',
});

export const features = tableFeatures({
  columnVisibilityFeature,
  columnFilteringFeature,
  globalFilteringFeature,
  filteredRowModel: createFilteredRowModel(),
  filterFns: { arrIncludesSome: filterFn_arrIncludesSome, arrHas: filterFn_arrHas, searchText },
  columnFacetingFeature,
  facetedRowModel: createFacetedRowModel(),
  facetedUniqueValues: createFacetedUniqueValues(),
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic },
  columnMeta: metaHelper<ViewerColumnMeta>(),
});

export type Features = typeof features;
