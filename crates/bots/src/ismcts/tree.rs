//! The search's memory: the arena tree, the per-key marks of a descent step and the reusable
//! buffers of the loop.

use boardroom_engine::{Game, Seat};

/// No node, or no action key.
pub(super) const NONE: u32 = u32::MAX;

/// A tree node: the action that leads to it from its parent (and the seat that took it) and its
/// statistics; its children are listed in [`Tree::children`].
///
/// Selection only ever reads a child's value for the seat that took its action, so a node keeps
/// the value sum of its own actor next to its counts (one cache line holds everything the
/// descent reads of a child); the searching seat's sums for the root's children, which the
/// result reports, live in [`Tree::root_values`].
#[derive(Clone, Debug)]
pub(super) struct Node<A> {
    pub(super) action: Option<A>,
    pub(super) actor: u8,
    pub(super) visits: u32,
    pub(super) avail: u32,
    /// The sum of the values of `actor` over the iterations through this node.
    pub(super) value: f64,
}

/// What the descent reads of a child before visiting it: which seat took its action, the
/// action's [`Game::action_key`] ([`NONE`] without one) and the child's node.
#[derive(Clone, Copy, Debug)]
pub(super) struct Child {
    pub(super) key: u32,
    pub(super) id: u32,
    pub(super) actor: u8,
}

/// The search tree as an arena, reused between searches.
///
/// A node's children are a contiguous list in order of creation (the descent visits them newest
/// first), so the descent filters them by actor and key without touching their nodes and knows
/// every node it will read in advance.
pub(super) struct Tree<A> {
    pub(super) nodes: Vec<Node<A>>,
    /// `children[node]` for every node (entries beyond `nodes.len()` are spare lists kept for
    /// their memory).
    pub(super) children: Vec<Vec<Child>>,
    /// Value sums of the searching seat per node (kept up to date for the root's children).
    pub(super) root_values: Vec<f64>,
}

impl<A: Clone + Eq> Tree<A> {
    pub(super) fn reset(&mut self) {
        self.nodes.clear();
        self.root_values.clear();
        self.push(None, 0);
    }

    pub(super) fn push(&mut self, action: Option<A>, actor: Seat) -> u32 {
        let id = self.nodes.len();
        self.nodes.push(Node {
            action,
            actor: actor as u8,
            visits: 0,
            avail: 0,
            value: 0.0,
        });
        self.root_values.push(0.0);
        match self.children.get_mut(id) {
            Some(list) => list.clear(),
            None => self.children.push(Vec::new()),
        }
        id as u32
    }

    pub(super) fn add_child(&mut self, parent: u32, actor: Seat, action: A, key: u32) -> u32 {
        let id = self.push(Some(action), actor);
        self.children[parent as usize].push(Child {
            key,
            id,
            actor: actor as u8,
        });
        id
    }

    /// The mean value of a node for the seat that took its action.
    pub(super) fn mean(&self, node: u32) -> f64 {
        let n = &self.nodes[node as usize];
        if n.visits == 0 {
            0.0
        } else {
            n.value / n.visits as f64
        }
    }

    /// The mean value of a child of the root for the searching seat.
    pub(super) fn root_mean(&self, node: u32) -> f64 {
        let n = &self.nodes[node as usize];
        if n.visits == 0 {
            0.0
        } else {
            self.root_values[node as usize] / n.visits as f64
        }
    }
}

/// Reusable buffers of the search loop.
pub(super) struct Buffers<G: Game> {
    pub(super) legal: Vec<G::Action>,
    /// The keys of `legal`, when every one has a key.
    pub(super) keys: Vec<u32>,
    pub(super) untried: Vec<G::Action>,
    pub(super) events: Vec<G::Event>,
    pub(super) path: Vec<u32>,
    pub(super) rewards: Vec<f64>,
    /// Marks by action key: `LEGAL` + `epoch` for an action legal in this step, `TAKEN` +
    /// `epoch` once a child of the actor holds it (see [`Marks`]).
    pub(super) marks: Marks,
    /// `ln[n]` = the natural logarithm of `n`, for the availability counts of UCB1.
    pub(super) ln: Vec<f64>,
}

/// Availability counts below this have their logarithm looked up in [`Buffers::ln`].
pub(super) const LN_TABLE: usize = 4096;

/// The natural logarithm of `n`, from `table` when it holds it (the same value).
#[inline]
pub(super) fn ln(table: &[f64], n: u32) -> f64 {
    match table.get(n as usize) {
        Some(&v) => v,
        None => (n as f64).ln(),
    }
}

/// Per-key marks for one step of the descent, cleared in O(1) by moving to a new epoch.
pub(super) struct Marks {
    pub(super) marks: Vec<u32>,
    pub(super) epoch: u32,
}

/// The largest action key the search indexes; steps with larger keys compare actions.
pub(super) const MAX_KEY: u32 = 1 << 16;

impl Marks {
    /// Starts a new step: every mark of earlier steps becomes stale.
    pub(super) fn next_step(&mut self) {
        if self.epoch >= u32::MAX - 2 {
            self.marks.iter_mut().for_each(|m| *m = 0);
            self.epoch = 0;
        }
        self.epoch += 2;
    }

    /// The mark of a legal action without a child this step.
    pub(super) fn legal(&self) -> u32 {
        self.epoch
    }

    /// The mark of a legal action that has a child of the actor.
    pub(super) fn taken(&self) -> u32 {
        self.epoch + 1
    }

    #[inline]
    pub(super) fn set(&mut self, key: u32, mark: u32) {
        let k = key as usize;
        if k >= self.marks.len() {
            self.grow(k);
        }
        self.marks[k] = mark;
    }

    #[cold]
    pub(super) fn grow(&mut self, key: usize) {
        self.marks.resize(key + 1, 0);
    }

    #[inline]
    pub(super) fn get(&self, key: u32) -> u32 {
        self.marks.get(key as usize).copied().unwrap_or(0)
    }
}
