/**
 * The stand-in's consumer-group coordinator (it is node 0, the only broker): FindCoordinator
 * v0, JoinGroup v1, SyncGroup v0, Heartbeat v0, LeaveGroup v0, OffsetCommit v2 and OffsetFetch
 * v1. A group has one member, the last to join: it leads, so the client itself assigns the
 * partitions (the broker only hands the leader's assignment back), and a member that was
 * replaced, or a generation that passed, is told so on its next heartbeat, as Kafka does. The
 * offsets committed are kept by group, topic and partition.
 */
import { ERROR, readArray, readBytes, readNullableString, readString, writeArray, writeBytes, writeString, type Api } from './wire.ts';

const OFFSET_COMMIT = 8;
const OFFSET_FETCH = 9;
const FIND_COORDINATOR = 10;
const JOIN_GROUP = 11;
const HEARTBEAT = 12;
const LEAVE_GROUP = 13;
const SYNC_GROUP = 14;

interface Group {
  generation: number;
  member: string;
  assignment: Buffer | null;
}

export interface Groups {
  /** The ids of the groups joined, in order (a group that is joined again comes again). */
  joined: string[];
  /** Committed offsets by "group topic partition". */
  committed: Map<string, bigint>;
}

export function groupApis(port: () => number): { apis: Api[]; groups: Groups } {
  const groups: Groups = { joined: [], committed: new Map() };
  const current = new Map<string, Group>();
  let members = 0;
  /** The error for a member's request in a generation: none while it is the group's member in the current one. */
  const standing = (id: string, generation: number, member: string): number => {
    const group = current.get(id);
    if (group?.member !== member) return ERROR.unknownMemberId;
    return group.generation === generation ? ERROR.none : ERROR.illegalGeneration;
  };
  const offsetKey = (group: string, topic: string, partition: number): string => `${group} ${topic} ${partition}`;

  const findCoordinator: Api = {
    key: FIND_COORDINATOR,
    version: 0,
    answer: (request, response) => {
      readString(request); // the group
      writeString(response.appendInt16(ERROR.none).appendInt32(0), '127.0.0.1').appendInt32(port());
    },
  };

  const joinGroup: Api = {
    key: JOIN_GROUP,
    version: 1,
    answer: (request, response) => {
      const id = readString(request);
      request.readInt32(); // session timeout
      request.readInt32(); // rebalance timeout
      const member = readString(request) || `member-${++members}`;
      readString(request); // protocol type: "consumer"
      const protocols = readArray(request, (r) => ({ name: readString(r), metadata: readBytes(r) }));
      const generation = (current.get(id)?.generation ?? 0) + 1;
      current.set(id, { generation, member, assignment: null });
      groups.joined.push(id);
      const chosen = protocols[0];
      response.appendInt16(ERROR.none).appendInt32(generation);
      writeString(response, chosen?.name ?? '');
      writeString(response, member); // the leader
      writeString(response, member);
      writeArray(response, [member], (w, m) => writeBytes(writeString(w, m), chosen?.metadata ?? null));
    },
  };

  const syncGroup: Api = {
    key: SYNC_GROUP,
    version: 0,
    answer: (request, response) => {
      const id = readString(request);
      const generation = request.readInt32();
      const member = readString(request);
      const assignments = readArray(request, (r) => ({ member: readString(r), assignment: readBytes(r) }));
      const error = standing(id, generation, member);
      const group = current.get(id);
      if (error === ERROR.none && group) group.assignment = assignments.find((a) => a.member === member)?.assignment ?? null;
      writeBytes(response.appendInt16(error), error === ERROR.none ? (group?.assignment ?? Buffer.alloc(0)) : null);
    },
  };

  const heartbeat: Api = {
    key: HEARTBEAT,
    version: 0,
    answer: (request, response) => {
      const id = readString(request);
      const generation = request.readInt32();
      response.appendInt16(standing(id, generation, readString(request)));
    },
  };

  const leaveGroup: Api = {
    key: LEAVE_GROUP,
    version: 0,
    answer: (request, response) => {
      const id = readString(request);
      const member = readString(request);
      if (current.get(id)?.member === member) current.delete(id);
      response.appendInt16(ERROR.none);
    },
  };

  const offsetCommit: Api = {
    key: OFFSET_COMMIT,
    version: 2,
    answer: (request, response) => {
      const id = readString(request);
      const generation = request.readInt32();
      const member = readString(request);
      request.readInt64(); // retention time
      const error = standing(id, generation, member);
      const topics = readArray(request, (r) => ({
        topic: readString(r),
        partitions: readArray(r, (r) => {
          const p = { partition: r.readInt32(), offset: r.readInt64() };
          readNullableString(r); // metadata
          return p;
        }),
      }));
      writeArray(response, topics, (w, { topic, partitions }) => {
        writeString(w, topic);
        writeArray(w, partitions, (w, { partition, offset }) => {
          if (error === ERROR.none) groups.committed.set(offsetKey(id, topic, partition), offset);
          w.appendInt32(partition).appendInt16(error);
        });
      });
    },
  };

  const offsetFetch: Api = {
    key: OFFSET_FETCH,
    version: 1,
    answer: (request, response) => {
      const id = readString(request);
      const topics = readArray(request, (r) => ({ topic: readString(r), partitions: readArray(r, (r) => r.readInt32()) }));
      writeArray(response, topics, (w, { topic, partitions }) => {
        writeString(w, topic);
        writeArray(w, partitions, (w, partition) => {
          // -1: nothing committed; the client starts where its reset policy says.
          writeString(w.appendInt32(partition).appendInt64(groups.committed.get(offsetKey(id, topic, partition)) ?? -1n), '').appendInt16(ERROR.none);
        });
      });
    },
  };

  return { apis: [findCoordinator, joinGroup, syncGroup, heartbeat, leaveGroup, offsetCommit, offsetFetch], groups };
}
