import type { Plugin } from 'vite';

/**
 * The optional peers the server bundle uses, each with the names it imports. A name missing here
 * fails the build (the stand-in module does not export it), so a new import cannot slip through.
 */
export const SERVER_PEERS: Record<string, { names: string[]; default?: boolean; needed: string }> = {
  ws: { names: ['WebSocketServer', 'WebSocket'], needed: 'the live channel and the agent client' },
  'better-sqlite3': {
    names: [],
    default: true,
    needed: 'the embedded SQLite ledger (the default; --redis needs redis instead)',
  },
  redis: {
    names: ['createClient', 'createCluster'],
    needed: 'the shared ledger (--redis / REDIS_URL, --redis-cluster / SUIP_REDIS_CLUSTER)',
  },
};

const PREFIX = '\0suip-peer:';

/**
 * Optional peers stay external, and are loaded once at start only if installed: the server
 * sources import `redis` statically, and a bundle that did the same would fail to start on a
 * machine without redis even in SQLite mode. Each peer becomes a stand-in module that imports the
 * real one when present and otherwise exports stand-ins that throw, on first use, an error naming
 * the package to install and what it is for.
 */
export function optionalPeers(peers = SERVER_PEERS): Plugin {
  return {
    name: 'suip-optional-peers',
    enforce: 'pre',
    resolveId(id, importer) {
      if (!Object.hasOwn(peers, id)) return null;
      // The stand-in's own import is the real package.
      if (importer?.startsWith(PREFIX)) return { id, external: true };
      return PREFIX + id;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const name = id.slice(PREFIX.length);
      const peer = peers[name]!;
      const lines = [
        'let peer;',
        `try { peer = await import(${JSON.stringify(name)}); } catch (error) { if (error?.code !== ` +
          `'ERR_MODULE_NOT_FOUND' || !String(error.message).includes(${JSON.stringify(`'${name}'`)})) throw error; ` +
          `}`,
        `const missing = () => { const error = new ` +
          `Error(${JSON.stringify(`suip needs the optional package "${name}" for ${peer.needed}; install it beside suip: npm install ${name}`)}); ` +
          `error.code = 'SUIP_MISSING_PEER'; throw error; };`,
        // CommonJS packages arrive as { default: module.exports }.
        'const real = peer && (peer.default ?? peer);',
        ...peer.names.map(
          (n) => `export const ${n} = peer ? (peer.${n} ?? real.${n}) : function ${n}() { missing(); };`,
        ),
        ...(peer.default ? ['export default peer ? real : function missingPeer() { missing(); };'] : []),
      ];
      return lines.join('\n');
    },
  };
}
