# The embedded default in a container: SQLite, local payments, mail to DATA_DIR/outbox.
#   docker build -t tradecard . && docker run -p 3000:3000 -v tradecard-data:/app/data tradecard
FROM node:20-bookworm-slim

# better-sqlite3 and argon2 compile against Node's headers at install time.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*

WORKDIR /app
COPY package.json package-lock.json ./
# npm install, not npm ci: npm 11 leaves other platforms' optional packages out of the lock file (see .ci/run).
RUN npm install --omit=dev --no-audit --no-fund
COPY . .
# `npm start` rebuilds the public site with the container's configuration, so its user must own the tree.
RUN npm run build && chown -R node:node /app

# MALLOC_ARENA_MAX: glibc gives each image-processing thread its own arena, which never shrinks.
ENV NODE_ENV=production MALLOC_ARENA_MAX=2 PORT=3000 DATA_DIR=/app/data
RUN mkdir -p /app/data && chown node:node /app/data
VOLUME ["/app/data"]
EXPOSE 3000
USER node
CMD ["npm", "start"]
