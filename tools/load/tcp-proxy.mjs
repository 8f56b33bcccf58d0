/**
 * A TCP proxy on 127.0.0.1 for fault injection: it can be taken down (every connection,
 * open or new, is reset) and brought back, and it can cut connections in the middle of a
 * transfer (`dropWhen`), to test what a client and a server do when the network fails.
 */
import net from 'node:net';

export async function startTcpProxy({ port, targetPort, targetHost = '127.0.0.1' }) {
  const open = new Set();
  let down = false;
  /** (connection) => boolean, asked on each chunk from the client: true cuts the connection. */
  let dropWhen = null;
  const stats = { connections: 0, refused: 0, dropped: 0, bytesUp: 0 };

  const server = net.createServer((client) => {
    stats.connections += 1;
    if (down) {
      stats.refused += 1;
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(targetPort, targetHost);
    const connection = { client, upstream, bytesUp: 0 };
    open.add(connection);
    const close = () => {
      open.delete(connection);
      client.destroy();
      upstream.destroy();
    };
    client.on('data', (chunk) => {
      connection.bytesUp += chunk.length;
      stats.bytesUp += chunk.length;
      if (dropWhen?.(connection)) {
        stats.dropped += 1;
        // A reset, as when a network path dies: neither side gets a clean end.
        client.resetAndDestroy();
        upstream.resetAndDestroy();
        open.delete(connection);
        return;
      }
      if (!upstream.write(chunk)) client.pause();
    });
    upstream.on('drain', () => client.resume());
    upstream.on('data', (chunk) => {
      if (!client.write(chunk)) upstream.pause();
    });
    client.on('drain', () => upstream.resume());
    client.on('error', close);
    upstream.on('error', close);
    client.on('close', close);
    upstream.on('close', close);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    /** Down: reset every open connection and every new one, until `up()`. */
    down() {
      down = true;
      for (const connection of open) {
        connection.client.resetAndDestroy();
        connection.upstream.destroy();
      }
      open.clear();
    },
    up() {
      down = false;
    },
    get isDown() {
      return down;
    },
    set dropWhen(rule) {
      dropWhen = rule;
    },
    close: () =>
      new Promise((resolve) => {
        for (const connection of open) {
          connection.client.destroy();
          connection.upstream.destroy();
        }
        server.close(() => resolve());
      }),
  };
}
