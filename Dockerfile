# Near's production image: `docker build -t near .` then `docker run -p 3000:3000 -v near-data:/data near`
# (embedded database in the volume), or compose.yaml for the multi-process layout. See docs/deploy.md.

# --- build: every dependency, the production build, then only what runs is kept ---
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# --- runtime: node, the build, production dependencies, migrations and the demo city's photos ---
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=root:root /app/package.json /app/package-lock.json ./
COPY --from=build --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/build ./build
COPY --from=build --chown=root:root /app/drizzle ./drizzle
COPY --from=build --chown=root:root /app/assets ./assets
# The app's files stay root's (read-only to it); it writes only to DATA_DIR and the demo photos' encoding cache.
RUN mkdir -p /data /app/node_modules/.cache && chown node:node /data /app/node_modules/.cache
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node itself, not npm (which does not forward signals): `docker stop` sends SIGTERM and the server drains and closes.
# A larger young generation: a busy server's requests allocate fast, and V8's default 16 MB semi-space made the
# garbage collector a tenth of a crowd's CPU (docs/performance.md).
CMD ["node", "--max-semi-space-size=32", "build/server/main.js"]
