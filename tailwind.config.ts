import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        // Warm ivory, deep ink and antique gold: the shop's palette.
        ivory: { 50: "#fdfbf7", 100: "#f8f3ea", 200: "#efe5d3" },
        ink: { 700: "#3a3530", 800: "#2a2622", 900: "#1c1916" },
        gold: { 300: "#e3c98f", 400: "#d4af6a", 500: "#b8924a", 600: "#9a7638", 700: "#7a5c2b" },
      },
      fontFamily: {
        serif: ["'Cormorant Garamond'", "Georgia", "'Times New Roman'", "serif"],
        sans: ["Jost", "system-ui", "-apple-system", "'Segoe UI'", "Roboto", "'Helvetica Neue'", "Arial", "sans-serif"],
      },
    },
  },
  plugins: [],
} satisfies Config;
