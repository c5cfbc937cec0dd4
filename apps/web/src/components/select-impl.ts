// The real Select, in a chunk of its own with its dropdown machinery (see LazySelect.tsx).
export { Select } from '@mantine/core';
