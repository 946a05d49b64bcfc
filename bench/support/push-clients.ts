// The push benchmark's clients, in a process of their own so that their memory and CPU are not
// the server's: raw WebSockets and Long Polling loops speaking SignalR's JSON protocol, only to
// 127.0.0.1. Told what to do over IPC (see bench/push.ts); exits when its parent says so or dies.
import { Agent, request } from 'node:http';
import WebSocket from 'ws';

const RS = '\u001e';
const HANDSHAKE = `{"protocol":"json","version":1}${RS}`;
const PING = `{"type":6}${RS}`;
const PUSH_PATH = '/api/push';

interface Command {
  baseUrl: string;
  accessToken: string;
  webSockets: number;
  longPolling: number;
}

const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
const sockets: WebSocket[] = [];
/** When each client last saw a testR; reset before each alert. */
const seenAt: number[] = [];
let stopped = false;

function http(method: string, url: string, token: string, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method,
        agent,
        headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'text/plain' } : {}) },
      },
      (answer) => {
        let text = '';
        answer.setEncoding('utf8');
        answer.on('data', (chunk: string) => (text += chunk));
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, text }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

async function negotiate({ baseUrl, accessToken }: Command): Promise<string> {
  const answer = await http('POST', `${baseUrl}${PUSH_PATH}/negotiate?negotiateVersion=1`, accessToken);
  if (answer.status !== 200) {
    throw new Error(`negotiate answered ${answer.status}`);
  }
  return (JSON.parse(answer.text) as { connectionToken: string }).connectionToken;
}

const onRecords = (index: number, text: string) => {
  if (text.includes('"target":"testR"')) {
    seenAt[index] = Date.now();
  }
};

async function openWebSocket(command: Command, index: number): Promise<void> {
  const token = await negotiate(command);
  const url = `${command.baseUrl.replace(/^http/, 'ws')}${PUSH_PATH}?id=${encodeURIComponent(token)}&access_token=${command.accessToken}`;
  const socket = new WebSocket(url, { perMessageDeflate: false });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => {
      socket.send(HANDSHAKE);
      resolve();
    });
    socket.once('error', reject);
  });
  socket.on('message', (data) => onRecords(index, data.toString()));
}

async function openLongPolling(command: Command, index: number): Promise<void> {
  const token = await negotiate(command);
  const url = `${command.baseUrl}${PUSH_PATH}?id=${encodeURIComponent(token)}`;
  const first = await http('GET', url, command.accessToken);
  if (first.status !== 200) {
    throw new Error(`first poll answered ${first.status}`);
  }
  await http('POST', url, command.accessToken, HANDSHAKE);
  void (async () => {
    while (!stopped) {
      const poll = await http('GET', url, command.accessToken).catch(() => ({ status: 0, text: '' }));
      if (poll.status !== 200) {
        return;
      }
      onRecords(index, poll.text);
    }
  })();
}

/** Opens clients a batch at a time, so the server's accept queue is never the bottleneck. */
async function openAll(count: number, open: (index: number) => Promise<void>, firstIndex: number) {
  const BATCH = 200;
  for (let start = 0; start < count; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - start) }, (_, offset) =>
      open(firstIndex + start + offset),
    );
    await Promise.all(batch);
  }
}

// The server drops clients silent for 30 s; WebSocket clients ping, polls are keep-alive enough.
const pinger = setInterval(
  () => sockets.forEach((socket) => socket.readyState === socket.OPEN && socket.send(PING)),
  10_000,
);

type Message = { connect?: Command; prepare?: { total: number }; collect?: true; stop?: true };

async function onMessage(message: Message): Promise<void> {
  if (message.connect) {
    const command = message.connect;
    await openAll(command.webSockets, (index) => openWebSocket(command, index), 0);
    process.send?.({ connected: 'webSockets' });
    await openAll(command.longPolling, (index) => openLongPolling(command, index), command.webSockets);
    process.send?.({ connected: 'longPolling' });
  } else if (message.prepare) {
    seenAt.length = message.prepare.total;
    seenAt.fill(0);
    process.send?.({ prepared: true });
  } else if (message.collect) {
    const deadline = Date.now() + 30_000;
    while (seenAt.some((at) => !at) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const received = seenAt.filter(Boolean);
    process.send?.({ received: received.length, firstAt: Math.min(...received), lastAt: Math.max(...received) });
  } else if (message.stop) {
    stopped = true;
    clearInterval(pinger);
    sockets.forEach((socket) => socket.terminate());
    agent.destroy();
    process.exit(0);
  }
}

process.on('message', (message: Message) => {
  onMessage(message).catch((error: unknown) => process.send?.({ error: String(error) }));
});
process.on('disconnect', () => process.exit(0));
