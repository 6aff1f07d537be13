import { DynamoEventStore } from '../../functions/adapters/aws/dynamo/event-store.js';
import { LogEventStore } from '../../functions/adapters/local/log/event-store.js';
import { MemoryEventStore } from '../../functions/adapters/memory/event-store.js';
import { eventStoreContract } from '../support/store-contract.js';
import { onDynalite, onDynamoDbLocal, tempDataDir } from '../support/store-subjects.js';

eventStoreContract('memory twin', async () => {
  const subject = new MemoryEventStore();
  return { subject, dispose: () => subject.close() };
});

eventStoreContract('embedded log', async () => {
  const data = tempDataDir();
  const subject = await LogEventStore.open({ dir: data.dir });
  return {
    subject,
    dispose: async () => {
      await subject.close();
      data.remove();
    },
  };
});

eventStoreContract('dynamo on dynalite', () => onDynalite((table) => new DynamoEventStore(table)));

eventStoreContract('dynamo on DynamoDB Local', () => onDynamoDbLocal((table) => new DynamoEventStore(table)));
