import type { Metadata } from "next";
import { NotFoundMessage } from "@/components/ui/not-found-message";

export const metadata: Metadata = {
  title: "Page not found",
  robots: { index: false, follow: true },
};

export default function NotFound() {
  return (
    <NotFoundMessage
      title="Oops! Page not found"
      text="The page you asked for has moved, expired or never existed."
      back={{ href: "/", label: "Return to Home" }}
    />
  );
}
