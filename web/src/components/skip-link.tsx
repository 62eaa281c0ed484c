import Box from '@mui/material/Box';
import { azShell } from '../i18n/az-shell';

/** Where SkipLink leads: the layout's <main>, which takes the focus (tabIndex -1). */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * "Əsas məzmuna keç": the first thing a keyboard reaches on a page, shown only while focused, so
 * that the header and navigation need not be tabbed through on every page (WCAG 2.4.1).
 */
export function SkipLink() {
  return (
    <Box
      component="a"
      href={`#${MAIN_CONTENT_ID}`}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: (t) => t.zIndex.tooltip,
        px: 2,
        py: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        borderRadius: 1,
        '&:focus': { top: 8 },
      }}
    >
      {azShell.common.skipToContent}
    </Box>
  );
}
