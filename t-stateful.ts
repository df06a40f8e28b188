const t0 = performance.now();
const { createStatefulMock } = await import("./src/mock/stateful/index.ts");
const t1 = performance.now();
await createStatefulMock({});
const t2 = performance.now();
console.log(`import ${(t1 - t0).toFixed(0)} ms, create ${(t2 - t1).toFixed(0)} ms`);
