// Key changes as an interface: a node that changed keys (or a keys CLI that wrote the database) tells the others, and
// each reloads its keys and ends the streams they may no longer hold, instead of waiting for its next KEY_RELOAD_S.

export interface KeyChangeSignal {
  /**
   * Calls `listener` when keys were changed elsewhere: by another node, by a keys CLI, or perhaps while this node was
   * cut off from the others (it cannot know, so it is told).
   */
  onChange(listener: () => void): void;
  /** Tells the other nodes that this one changed keys. */
  announce(): void;
}
