// Local stand-ins for the map's third parties (no test reaches the internet; docs/maps.md):
// a tile server answering /{z}/{x}/{y}.png with a 256×256 PNG, and a Nominatim-compatible
// geocoder answering /search?format=json&q=.
import http from "node:http";
import zlib from "node:zlib";

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A 256×256 RGB tile: a pale street map, blocks with a lighter road every 64 px. */
export function tilePng() {
  const size = 256;
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const road = x % 64 < 6 || y % 64 < 6;
      const [r, g, b] = road ? [255, 255, 255] : [232, 238, 226];
      row[1 + x * 3] = r;
      row[2 + x * 3] = g;
      row[3 + x * 3] = b;
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", zlib.deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function listen(server) {
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) });
    });
  });
}

/** Tiles: GET /{z}/{x}/{y}.png → the PNG; anything else 404. `requests` counts tile fetches. */
export async function startTileServer() {
  const png = tilePng();
  const state = { requests: 0 };
  const server = http.createServer((req, res) => {
    if (req.method === "GET" && /^\/\d+\/\d+\/\d+\.png$/.test(new URL(req.url ?? "/", "http://x").pathname)) {
      state.requests++;
      res.writeHead(200, { "content-type": "image/png", "cache-control": "max-age=3600" }).end(png);
    } else res.writeHead(404).end();
  });
  const { url, close } = await listen(server);
  return { url, template: `${url}/{z}/{x}/{y}.png`, state, close };
}

/**
 * Geocoder: GET /search?format=json&q= → Nominatim's JSON array. An address containing
 * "nowhere" finds nothing; any other finds one place near Springfield, IL. `queries` records them.
 */
export async function startGeocoder() {
  const queries = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (req.method !== "GET" || url.pathname !== "/search") return res.writeHead(404).end();
    const q = url.searchParams.get("q") ?? "";
    queries.push(q);
    const body = /nowhere/i.test(q)
      ? []
      : [{ place_id: 1, lat: "39.7990175", lon: "-89.6439575", display_name: `${q} (stand-in)` }];
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
  const { url, close } = await listen(server);
  return { url, queries, close };
}
