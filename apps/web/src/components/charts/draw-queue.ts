/**
 * Charts are drawn one per animation frame, after their screen has mounted: a dashboard of five
 * charts then costs five short frames rather than one long task (issue 18: no task over 50 ms
 * while the dashboard draws). Drawing a uPlot chart takes a few milliseconds.
 */

type Draw = () => void;

const queue: Draw[] = [];
let isScheduled = false;

/**
 * The next frame, then a task of its own: a callback run inside requestAnimationFrame shares its
 * task with the frame's style, layout, paint and compositor commit, so a chart's few milliseconds
 * of drawing plus a canvas commit made one task over 50 ms on a busy machine. Drawing in the task
 * after the frame keeps the two apart.
 */
function nextFrame(callback: () => void) {
  if (typeof requestAnimationFrame === 'function') {
    requestAnimationFrame(() => setTimeout(callback, 0));
  } else setTimeout(callback, 16);
}

function drawNext() {
  isScheduled = false;
  const draw = queue.shift();
  if (queue.length > 0) {
    isScheduled = true;
    nextFrame(drawNext);
  }
  draw?.();
}

/** Queues a chart's drawing; the returned function takes it out again (an unmounted chart). */
export function scheduleChartDraw(draw: Draw): () => void {
  queue.push(draw);
  if (!isScheduled) {
    isScheduled = true;
    nextFrame(drawNext);
  }
  return () => {
    const at = queue.indexOf(draw);
    if (at >= 0) queue.splice(at, 1);
  };
}
