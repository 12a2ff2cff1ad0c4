// Undo and redo over a sequence of states (positions as JSON): every change pushes the state it
// replaced; undo steps back, redo forward, and a new change after an undo drops the redo line.
export class History {
  constructor(initial) {
    this.current = initial;
    this.past = [];
    this.future = [];
  }

  push(state) {
    this.past.push(this.current);
    this.current = state;
    this.future = [];
  }

  undo() {
    if (!this.past.length) return false;
    this.future.push(this.current);
    this.current = this.past.pop();
    return true;
  }

  redo() {
    if (!this.future.length) return false;
    this.past.push(this.current);
    this.current = this.future.pop();
    return true;
  }

  get canUndo() { return this.past.length > 0; }
  get canRedo() { return this.future.length > 0; }
}
