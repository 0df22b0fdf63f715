"use client";

import { useEffect, useRef } from "react";

const PHONE_QUERY = "(max-width: 767px)";

/**
 * Loads the ad network's script for one banner when the slot comes near the viewport
 * and clears it when the slot is removed. Hidden slots (display: none) never intersect,
 * so they never load.
 */
export function AdScript({
  scriptUrl,
  bannerId,
  mobileBannerId,
}: {
  scriptUrl: string;
  bannerId: number;
  mobileBannerId: number;
}) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = container.current;
    if (!target) return;
    let script: HTMLScriptElement | null = null;

    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting) || script) return;
        const id = window.matchMedia(PHONE_QUERY).matches ? mobileBannerId : bannerId;
        script = document.createElement("script");
        script.async = true;
        script.src = scriptUrl.replace("{id}", String(id));
        script.dataset.bannerId = String(id);
        target.appendChild(script);
        observer.disconnect();
      },
      { rootMargin: "200px 0px" },
    );
    observer.observe(target);

    return () => {
      observer.disconnect();
      script?.remove();
      target.replaceChildren();
    };
  }, [scriptUrl, bannerId, mobileBannerId]);

  return <div ref={container} data-ad-banner={bannerId} />;
}
