import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? "5001"}`;

export default defineConfig({
  root: "src/client",
  publicDir: false,
  plugins: [react(), tailwindcss()],
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  build: { outDir: "../../dist/client", emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: {
    port: Number(process.env.PORT ?? 5000),
    proxy: { "/api": { target: apiTarget, changeOrigin: false } },
  },
});
