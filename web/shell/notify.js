// "Your turn" while the page is hidden (another tab, a minimised window): an optional sound and
// an optional browser notification. Both are off until the player ticks their box; the browser
// is asked for permission to notify only then (a user gesture), never on its own.
import { $ } from "./dom.js";
import { toast } from "./toast.js";
import { t as tr } from "./i18n.js";

const STORE = "boardroom.notify";

export class TurnNotifier {
  constructor() {
    let saved = {};
    try { saved = JSON.parse(localStorage.getItem(STORE) || "{}"); } catch { saved = {}; }
    this.sound = $("#notify-sound");
    this.browser = $("#notify-browser");
    this.sound.checked = !!saved.sound;
    const supported = "Notification" in window;
    this.browser.checked = !!saved.browser && supported && Notification.permission === "granted";
    if (!supported) this.browser.closest("label").hidden = true;
    this.audio = null;
    this.wasMine = false;
    this.sound.addEventListener("change", () => {
      if (this.sound.checked) this.beep(); // a sample, and the audio is unlocked by the click
      this.save();
    });
    this.browser.addEventListener("change", async () => {
      if (this.browser.checked && Notification.permission !== "granted") {
        const answer = await Notification.requestPermission();
        if (answer !== "granted") {
          this.browser.checked = false;
          toast(tr("notify-refused"));
        }
      }
      this.save();
    });
  }

  save() {
    localStorage.setItem(STORE, JSON.stringify({ sound: this.sound.checked, browser: this.browser.checked }));
  }

  /** A state arrived: `mine` when play waits for us. Signals only when it just became our turn
   * and the page is hidden. */
  update(mine, title) {
    const now = !!mine;
    if (now && !this.wasMine && document.hidden) {
      if (this.sound.checked) this.beep();
      if (this.browser.checked && "Notification" in window && Notification.permission === "granted") {
        const n = new Notification(tr("turn-yours"), { body: title, tag: "boardroom-turn", icon: "/assets/favicon.svg" });
        n.onclick = () => { window.focus(); n.close(); };
      }
    }
    this.wasMine = now;
  }

  /** Two short tones (no sound file needed). */
  beep() {
    try {
      this.audio = this.audio || new AudioContext();
      const t = this.audio.currentTime;
      for (const [i, f] of [660, 880].entries()) {
        const osc = this.audio.createOscillator();
        const gain = this.audio.createGain();
        osc.frequency.value = f;
        gain.gain.setValueAtTime(0.15, t + i * 0.18);
        gain.gain.exponentialRampToValueAtTime(0.001, t + i * 0.18 + 0.16);
        osc.connect(gain).connect(this.audio.destination);
        osc.start(t + i * 0.18);
        osc.stop(t + i * 0.18 + 0.17);
      }
    } catch {
      // No audio on this device: the notification (if chosen) still tells.
    }
  }
}
