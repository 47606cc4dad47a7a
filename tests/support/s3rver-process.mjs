// s3rver as a process of its own, started by tests/support/s3.ts with `node --openssl-legacy-provider`: s3rver
// encrypts ListObjectsV2 continuation tokens with DES, which Node 20's OpenSSL 3 offers only through its legacy
// provider (without it a listing of more than 1,000 keys fails with a 500). Prints {"port"} once listening; stops
// on SIGTERM, or when the process that started it goes (its stdin closes).
import S3rver from 's3rver';

const { directory, buckets, port } = JSON.parse(process.argv[2]);
const server = new S3rver({
  address: '127.0.0.1',
  port,
  silent: true,
  directory,
  configureBuckets: buckets.map((name) => ({ name })),
});
const address = await server.run();
process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  // The SDK keeps connections alive; close() alone would wait for them.
  server.httpServer.closeAllConnections();
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.stdin.on('end', stop);
process.stdin.resume();
