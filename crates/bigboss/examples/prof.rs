use boardroom_bigboss::{BigBoss, Config, Edition};
use boardroom_engine::playout::{random_playout, Scratch};
use boardroom_engine::rng::FastRng;
use boardroom_engine::Game;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let ed = if args[1] == "classic" {
        Edition::Classic
    } else {
        Edition::Modern
    };
    let n: usize = args[2].parse().unwrap();
    let games: u64 = args[3].parse().unwrap();
    let cfg = Config::new(ed, n);
    let mut rng = FastRng::new(0xbe7c);
    let mut scratch = Scratch::default();
    let mut d = 0;
    let t = std::time::Instant::now();
    for seed in 0..games {
        let mut g = BigBoss::new(&cfg, 1_000_000 + seed).unwrap();
        d += random_playout(&mut g, &mut rng, &mut scratch).decisions;
    }
    println!(
        "{d} decisions, {:.0} games/s",
        games as f64 / t.elapsed().as_secs_f64()
    );
}
