import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  build: isSsrBuild
    ? {
        // The server's page renderer (src/client/entry-server.tsx), one self-contained ES module for Node.
        outDir: 'dist/ssr',
        emptyOutDir: true,
        sourcemap: false,
        target: 'node20',
        copyPublicDir: false,
        rollupOptions: { input: 'src/client/entry-server.tsx' },
      }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        sourcemap: false,
        // The bench reads it to total the JavaScript a page needs before it renders.
        manifest: true,
        chunkSizeWarningLimit: 700,
        rolldownOptions: {
          output: {
            codeSplitting: {
              // Small shared modules (an icon, a formatter) go into the chunks that use them rather than each being a
              // request of its own: a page's first load was 35 requests of ~1.4 KB, which on a phone's connection
              // (6 at a time) cost more than the bytes.
              experimentalInlineCommonChunks: { maxSize: 6000 },
            },
          },
        },
      },
  // Bundled, not imported from node_modules at run time: production installs no front-end packages.
  ssr: { noExternal: true, target: 'node' },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:5000', '/media': 'http://127.0.0.1:5000' },
  },
}));
