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
      },
  // Bundled, not imported from node_modules at run time: production installs no front-end packages.
  ssr: { noExternal: true, target: 'node' },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:5000', '/media': 'http://127.0.0.1:5000' },
  },
}));
