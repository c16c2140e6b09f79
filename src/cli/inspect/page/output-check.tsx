/**
 * What the client's check of a tool's structured content against the tool's output schema
 * said, in the `Result` region beside the result itself: that it matches, or each problem.
 * @module
 */
import type { OutputCheck } from '../protocol.js';

export function OutputCheckView({ check }: { check: OutputCheck }) {
  if (check.ok) return <p class="output-check output-ok">Structured content matches the output schema.</p>;
  return (
    <div role="alert" class="output-check error">
      <p>The structured content does not match the output schema:</p>
      <ul aria-label="Problems with the structured content">
        {check.issues.map((issue, i) => (
          <li key={i}>{issue}</li>
        ))}
      </ul>
    </div>
  );
}
