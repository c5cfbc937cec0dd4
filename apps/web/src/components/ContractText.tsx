import { Typography } from '@mantine/core';
import classes from './ContractText.module.css';

/**
 * A contract's text as the API keeps it (sanitised rich text): headings, lists and tables (an award's items)
 * styled alike on the buyer's page and in the supplier portal; a wide table scrolls inside the text.
 */
export function ContractText({ html, testId }: { html: string; testId?: string }) {
  return (
    <Typography>
      <div
        className={`contract-text ${classes.text}`}
        data-testid={testId}
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </Typography>
  );
}
