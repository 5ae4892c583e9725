import { getHeapSpaceStatistics } from "node:v8";
import { holdYoungGeneration } from "../../main/young-generation";

/**
 * Usage: fork(this file, ["held" | "free"], { execArgv: ["--import", "tsx"] }). Allocates as a long listing's read does
 * (objects that live across several young collections before they die), then sends the young generation's size in MB.
 */
if (process.argv[2] === "held") holdYoungGeneration();

const live: object[][] = [];
for (let batch = 0; batch < 1_500; batch += 1) {
  live.push(Array.from({ length: 2_000 }, (_, index) => ({ batch, index, text: `document ${batch}-${index}` })));
  // Each batch lives while the next three are made, as a batch waits to be stored while the next is read.
  if (live.length > 3) live.shift();
}
const newSpace = getHeapSpaceStatistics().find((space) => space.space_name === "new_space");
process.send?.((newSpace?.space_size ?? 0) / (1024 * 1024));
