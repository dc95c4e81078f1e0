// The benchmarks' small statistics (scripts/lib/stats.ts).
import { describe, expect, it } from "vitest";
import { median, quantile } from "./stats";

describe("quantile", () => {
  it("takes the nearest rank", () => {
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect([quantile(hundred, 0.5), quantile(hundred, 0.95), quantile(hundred, 0.99), quantile(hundred, 1)]).toEqual([50, 95, 99, 100]);
    expect(quantile([7], 0.99)).toBe(7);
    expect(quantile([], 0.5)).toBeNaN();
  });
});

describe("median", () => {
  it("takes the middle value, or the mean of the middle two, leaving out what is not a finite number", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([5, NaN, Infinity, 1])).toBe(3);
    expect(median([])).toBeNaN();
  });
});
