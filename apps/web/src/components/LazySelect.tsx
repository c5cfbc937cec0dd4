import {
  ComboboxChevron,
  ComboboxClearButton,
  InputBase,
  getParsedComboboxData,
  getOptionsLockup,
  type SelectProps,
} from '@mantine/core';
import { useEffect, useRef, useState, type ComponentType, type Ref } from 'react';
import { useHydrated } from '../lib/use-hydrated.ts';
import { whenEngaged } from '../lib/when-engaged.ts';

/**
 * Mantine's Select without its dropdown machinery in a page's first load (issue 15): Combobox, Popover,
 * floating-ui and the scroll area are ~35 kB gzip, and a public list page (jobs, tenders) needs none of it to
 * paint. Until they have loaded (at the visitor's first touch, scroll or key anywhere on the page, or as soon as the field is
 * pointed at or focused) the field is drawn by the very input Select draws, with its chevron or clear button,
 * label and value, so it looks the same; it then becomes the real Select, opened and focused if it was
 * clicked or focused meanwhile. Use it as `Select` from '@mantine/core'.
 */
type Loaded = ComponentType<SelectProps & { ref?: Ref<HTMLInputElement> }>;

let loaded: Loaded | null = null;
let loading: Promise<Loaded> | null = null;
const load = () => {
  loading ??= import('./select-impl.ts').then((module) => {
    loaded = module.Select as Loaded;
    return loaded;
  });
  return loading;
};

export function Select(props: SelectProps) {
  const hydrated = useHydrated();
  const [Real, setReal] = useState<Loaded | null>(() => loaded);
  const [wanted, setWanted] = useState<'focus' | 'open' | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const start = (intent: 'focus' | 'open' | null) => {
    if (intent) setWanted((previous) => (previous === 'open' ? previous : intent));
    void load().then((component) => setReal(() => component));
  };

  useEffect(() => {
    if (Real) return;
    return whenEngaged(() => start(null));
  }, [Real]);

  const live = Boolean(Real && hydrated);
  useEffect(() => {
    if (live && wanted) input.current?.focus();
  }, [live, wanted]);

  if (Real && live) {
    const opened = wanted === 'open' || (wanted === 'focus' && Boolean(props.searchable));
    return <Real {...props} ref={input} defaultDropdownOpened={props.defaultDropdownOpened ?? opened} />;
  }
  return <Lookalike {...props} onIntent={start} />;
}

/** The input Select draws (Select.mjs), with nothing to open yet. */
function Lookalike({
  onIntent,
  data,
  value,
  defaultValue,
  clearable,
  clearSectionMode,
  searchable,
  size,
  error,
  disabled,
  readOnly,
  rightSection,
  rightSectionPointerEvents,
  chevronColor,
  // Select's own props the input does not take.
  onChange: _onChange,
  onSearchChange: _onSearchChange,
  searchValue: _searchValue,
  renderOption: _renderOption,
  nothingFoundMessage: _nothingFoundMessage,
  comboboxProps: _comboboxProps,
  filter: _filter,
  allowDeselect: _allowDeselect,
  maxDropdownHeight: _maxDropdownHeight,
  limit: _limit,
  withCheckIcon: _withCheckIcon,
  checkIconPosition: _checkIconPosition,
  hiddenInputProps: _hiddenInputProps,
  clearButtonProps: _clearButtonProps,
  onClear: _onClear,
  defaultDropdownOpened: _defaultDropdownOpened,
  onDropdownOpen: _onDropdownOpen,
  onDropdownClose: _onDropdownClose,
  scrollAreaProps: _scrollAreaProps,
  ...others
}: SelectProps & { onIntent(intent: 'focus' | 'open'): void }) {
  const current = value !== undefined ? value : defaultValue;
  const lockup = getOptionsLockup(getParsedComboboxData(data));
  const chosen = current !== null && current !== undefined;
  const label = chosen ? (lockup[current]?.label ?? '') : '';
  const inert = Boolean(disabled || readOnly);
  const Input = InputBase as unknown as ComponentType<Record<string, unknown>>;
  return (
    <Input
      {...others}
      __defaultRightSection={<ComboboxChevron size={size} error={error} color={chevronColor} />}
      __clearSection={<ComboboxClearButton onClear={() => onIntent('focus')} />}
      __clearable={Boolean(clearable && chosen && !inert)}
      __clearSectionMode={clearSectionMode}
      rightSection={rightSection}
      rightSectionPointerEvents={rightSectionPointerEvents || 'none'}
      size={size}
      __staticSelector="Select"
      disabled={disabled}
      readOnly
      value={label}
      onChange={() => undefined}
      onPointerDown={() => onIntent('open')}
      onFocus={() => onIntent('focus')}
      onKeyDown={() => onIntent('open')}
      pointer={!searchable}
      error={error}
    />
  );
}
