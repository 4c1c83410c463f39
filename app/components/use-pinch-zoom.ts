import { type PointerEvent, useCallback, useRef, useState, type WheelEvent } from "react";

export const MAX_ZOOM = 4;
const WHEEL_STEP = 1.0015;
/** A horizontal move this long (CSS px) with one finger, at no zoom, is a swipe to the next view. */
const SWIPE_DISTANCE = 50;

type View = { scale: number; x: number; y: number };
type Point = { x: number; y: number };

const FIT: View = { scale: 1, x: 0, y: 0 };

/**
 * Zoom and pan of one picture, the way phones and trackpads do it: pinch with two fingers, scroll
 * the wheel (or pinch a trackpad), drag to look around a zoomed picture, double-click or double-tap to
 * zoom in and out; a one-finger swipe at no zoom calls `onSwipe` (-1: previous, 1: next). The picture
 * is transformed around its centre and never dragged out of its frame.
 */
export function usePinchZoom(onSwipe: (direction: -1 | 1) => void) {
  const [view, setView] = useState<View>(FIT);
  const frame = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, Point>());
  const pinch = useRef<{ distance: number; view: View; centre: Point } | null>(null);
  const pan = useRef<{ from: Point; view: View; start: Point } | null>(null);

  /** The offset of a screen point from the frame's centre. */
  const fromCentre = useCallback((clientX: number, clientY: number): Point => {
    const box = frame.current?.getBoundingClientRect();
    if (!box) return { x: 0, y: 0 };
    return { x: clientX - box.left - box.width / 2, y: clientY - box.top - box.height / 2 };
  }, []);

  /** Keeps the zoomed picture covering its frame. */
  const clamp = useCallback((next: View): View => {
    const scale = Math.min(Math.max(next.scale, 1), MAX_ZOOM);
    const box = frame.current?.getBoundingClientRect();
    const maxX = box ? ((scale - 1) * box.width) / 2 : 0;
    const maxY = box ? ((scale - 1) * box.height) / 2 : 0;
    return {
      scale,
      x: Math.min(Math.max(next.x, -maxX), maxX),
      y: Math.min(Math.max(next.y, -maxY), maxY),
    };
  }, []);

  /** Zooms to `scale` keeping the point `at` (offset from the centre) under the finger or pointer. */
  const zoomAround = useCallback(
    (from: View, scale: number, at: Point) => {
      const ratio = Math.min(Math.max(scale, 1), MAX_ZOOM) / from.scale;
      return clamp({ scale: from.scale * ratio, x: at.x - (at.x - from.x) * ratio, y: at.y - (at.y - from.y) * ratio });
    },
    [clamp],
  );

  const zoomBy = useCallback(
    (factor: number) => setView((current) => zoomAround(current, current.scale * factor, { x: 0, y: 0 })),
    [zoomAround],
  );
  const reset = useCallback(() => setView(FIT), []);

  const handlers = {
    onWheel(event: WheelEvent<HTMLDivElement>) {
      const at = fromCentre(event.clientX, event.clientY);
      const factor = WHEEL_STEP ** -event.deltaY;
      setView((current) => zoomAround(current, current.scale * factor, at));
    },
    onDoubleClick(event: { clientX: number; clientY: number }) {
      const at = fromCentre(event.clientX, event.clientY);
      setView((current) => (current.scale > 1 ? FIT : zoomAround(current, 2.5, at)));
    },
    onPointerDown(event: PointerEvent<HTMLDivElement>) {
      event.currentTarget.setPointerCapture(event.pointerId);
      pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
      const [a, b] = [...pointers.current.values()];
      if (a && b) {
        pan.current = null;
        pinch.current = {
          distance: Math.hypot(a.x - b.x, a.y - b.y),
          view,
          centre: fromCentre((a.x + b.x) / 2, (a.y + b.y) / 2),
        };
      } else if (a) {
        pan.current = { from: a, start: a, view };
      }
    },
    onPointerMove(event: PointerEvent<HTMLDivElement>) {
      if (!pointers.current.has(event.pointerId)) return;
      pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
      const [a, b] = [...pointers.current.values()];
      if (pinch.current && a && b) {
        const { distance, view: start, centre } = pinch.current;
        setView(zoomAround(start, start.scale * (Math.hypot(a.x - b.x, a.y - b.y) / distance), centre));
      } else if (pan.current && a && pan.current.view.scale > 1) {
        const { from, view: start } = pan.current;
        setView(clamp({ scale: start.scale, x: start.x + a.x - from.x, y: start.y + a.y - from.y }));
      }
    },
    onPointerUp(event: PointerEvent<HTMLDivElement>) {
      const start = pan.current;
      pointers.current.delete(event.pointerId);
      if (pointers.current.size < 2) pinch.current = null;
      if (pointers.current.size > 0) return;
      pan.current = null;
      if (!start || start.view.scale > 1) return;
      const dx = event.clientX - start.start.x;
      const dy = event.clientY - start.start.y;
      if (Math.abs(dx) > SWIPE_DISTANCE && Math.abs(dx) > Math.abs(dy) * 1.5) onSwipe(dx < 0 ? 1 : -1);
    },
    onPointerCancel(event: PointerEvent<HTMLDivElement>) {
      pointers.current.delete(event.pointerId);
      pinch.current = null;
      pan.current = null;
    },
  };

  return {
    frame,
    view,
    zoomed: view.scale > 1.01,
    zoomBy,
    reset,
    handlers,
    transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})`,
  };
}
