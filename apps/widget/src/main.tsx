import { createRoot } from 'react-dom/client';
import { App } from './App';
import { reportHeight } from './lib/frame';
import './styles.css';

const frame = new URLSearchParams(location.search).get('frame');
createRoot(document.getElementById('root')!).render(<App />);
reportHeight(frame);
