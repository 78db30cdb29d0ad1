// The rematch: a player asks for it once the game is over; every connection is sent its link,
// and the player who asked moves there.
import { $ } from "./dom.js";

export class Rematch {
  constructor(conn) {
    this.link = null; // our link to the rematch, once one exists
    this.asked = false;
    $("#rematch-btn").addEventListener("click", () => {
      this.asked = true;
      conn.send({ type: "rematch" });
    });
  }

  /** A rematch started (`link` is ours); returns true when the page is leaving for it. */
  started(link) {
    this.link = link;
    if (this.asked) {
      location.href = link;
      return true;
    }
    return false;
  }

  /** Shows the rematch button, or the link once the rematch exists. */
  render(you) {
    const link = $("#rematch-link");
    if (this.link) {
      link.hidden = false;
      link.href = this.link;
      link.classList.add("primary");
      $("#rematch-btn").hidden = true;
    } else {
      link.hidden = true;
      $("#rematch-btn").hidden = you === null;
    }
  }
}
