// The page in web/ is embedded into the binary: rebuild when any file there changes.
fn main() {
    println!("cargo:rerun-if-changed=web");
}
