//! Throughput probe (ignored; a benchmark belongs in benches/).
use movetext::pgn::{Control, Reader, Visitor};
struct T(u64);
impl Visitor for T {
    type Output = ();
    fn san(&mut self, _: &[u8]) -> Control {
        self.0 += 1;
        Control::Continue
    }
    fn end_game(&mut self) {}
}
#[test]
#[ignore = "needs /work/shared; timing probe"]
fn speed() {
    let data = std::fs::read("/work/shared/corpus/sample.pgn").expect("needs /work/shared");
    for _ in 0..3 {
        let t = std::time::Instant::now();
        let mut v = T(0);
        Reader::from_slice(&data).read_all(&mut v, |()| ()).unwrap();
        let s = t.elapsed().as_secs_f64();
        let t2 = std::time::Instant::now();
        Reader::new(&data[..]).read_all(&mut v, |()| ()).unwrap();
        let s2 = t2.elapsed().as_secs_f64();
        eprintln!(
            "slice {} MB/s, buffered {} MB/s",
            (data.len() as f64 / s / 1e6) as u64,
            (data.len() as f64 / s2 / 1e6) as u64
        );
    }
}
