// The decommission log of tests/support/decommission_log.h, written for the browser tests: Spark
// 3.1.1's spark/spark-events/application_1628109047826_1317105 with executor 7 removed by Spark
// 3.1's decommission reason and executor 8 by the later one that carries the decommission message
// (docs/SPARK-SEMANTICS.md fact 123), each after its block manager's removal, before the
// ApplicationEnd.
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kCorpus } from './harness.mjs';

export const kDecommissionAppId = 'application_1628109047826_1317105';

const kAdded = [
  '{"Event":"SparkListenerBlockManagerRemoved","Block Manager ID":{"Executor ID":"7","Host":"host-12291","Port":29976},"Timestamp":1628638150000}',
  '{"Event":"SparkListenerExecutorRemoved","Timestamp":1628638150010,"Executor ID":"7","Removed Reason":"Executor decommission."}',
  '{"Event":"SparkListenerBlockManagerRemoved","Block Manager ID":{"Executor ID":"8","Host":"host-25261","Port":5372},"Timestamp":1628638155000}',
  '{"Event":"SparkListenerExecutorRemoved","Timestamp":1628638155010,"Executor ID":"8","Removed Reason":"Executor decommission: spot instance reclaimed"}',
];

// Writes the log to a temporary file and returns its path.
export function writeDecommissionLog() {
  const base = readFileSync(join(kCorpus, 'spark', 'spark-events', kDecommissionAppId), 'utf8');
  const end = base.indexOf('{"Event":"SparkListenerApplicationEnd"');
  if (end < 0) throw new Error('the base log has no ApplicationEnd');
  const path = join(tmpdir(), `afterglow-decommission-${process.pid}.log`);
  writeFileSync(path, base.slice(0, end) + kAdded.join('\n') + '\n' + base.slice(end));
  return path;
}
