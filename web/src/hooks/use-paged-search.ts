import { useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';

/**
 * The search and the page of a long list of agents: a new search starts again at the first page, and `query` is the
 * trimmed search once typing pauses (what to fetch); `typing` is true until then.
 */
export function usePagedSearch() {
  const [search, setSearchText] = useState('');
  const [offset, setOffset] = useState(0);
  const query = useDebouncedValue(search.trim());
  const setSearch = (value: string) => {
    setSearchText(value);
    setOffset(0);
  };
  return { search, setSearch, query, typing: search.trim() !== query, offset, setOffset };
}
