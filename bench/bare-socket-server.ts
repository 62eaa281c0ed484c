// The reference for bench/presence.ts: a bare socket.io server on node:http that accepts any
// token and joins each socket to two rooms, as the app does, with no database and no presence.
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const http = createServer();
const io = new Server(http, { serveClient: false, maxHttpBufferSize: 16 * 1024 });
io.on('connection', (socket) => {
  socket.join([`user:${socket.id}`, 'members']);
});
http.listen(0, '127.0.0.1', () => {
  const address = http.address();
  console.log(`Server listening at http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
});
