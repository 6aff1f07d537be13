import { DynamoDirectory } from '../../functions/adapters/aws/dynamo/directory.js';
import { LogDirectory } from '../../functions/adapters/local/log/directory.js';
import { MemoryDirectory } from '../../functions/adapters/memory/directory.js';
import { directoryContract } from '../support/store-contract.js';
import { onDynalite, onDynamoDbLocal, tempDataDir } from '../support/store-subjects.js';

directoryContract('memory twin', async () => {
  const subject = new MemoryDirectory();
  return { subject, dispose: () => subject.close() };
});

directoryContract('embedded log', async () => {
  const data = tempDataDir();
  const subject = await LogDirectory.open({ dir: data.dir });
  return {
    subject,
    dispose: async () => {
      await subject.close();
      data.remove();
    },
  };
});

directoryContract('dynamo on dynalite', () => onDynalite((table) => new DynamoDirectory(table)));

directoryContract('dynamo on DynamoDB Local', () => onDynamoDbLocal((table) => new DynamoDirectory(table)));
