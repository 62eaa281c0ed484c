// The Lighthouse benchmark's reference page (bench/lighthouse.ts): React and MUI alone, rendering a
// page of the dashboard's shape (an app bar, a heading, a search field and five cards) from data in
// the bundle. No router, no data fetching, no app code: what a client-rendered React + MUI page
// scores on this machine in the same run, the ceiling the product's pages are measured against.
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const theme = createTheme({ palette: { primary: { main: '#3f51b5' }, background: { default: '#f5f5f5' } } });
const movies = ['Nabat', 'Bir cənub şəhərində', 'Yarımçıq əlyazma', 'Ögey ana', 'Dəli Kür'];

function ReferencePage() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <AppBar position="static">
        <Toolbar>
          <Typography variant="h6" component="span">
            KinoDost
          </Typography>
        </Toolbar>
      </AppBar>
      <Container component="main" sx={{ py: 3 }}>
        <Typography variant="h4" component="h1" gutterBottom>
          Xoş gəldin, lighthouse
        </Typography>
        <Typography color="text.secondary">Filmlərini topla, axtar və dostlarınla paylaş.</Typography>
        <TextField label="Axtar" fullWidth margin="normal" />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
          {movies.map((title, i) => (
            <Card key={title}>
              <CardContent>
                <Typography variant="h6" component="h2">
                  {title}
                </Typography>
                <Typography color="text.secondary">{1960 + i * 10} · Rejissor</Typography>
              </CardContent>
            </Card>
          ))}
        </Box>
      </Container>
    </ThemeProvider>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <ReferencePage />
  </StrictMode>,
);
