// placeholder
export default { render() {} }; // data-target
